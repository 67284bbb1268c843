// The payment links on the kit's DataTable: token (with Copy), amount, type, channel, schemas,
// transactions, status (the toggle while the link is not expired, not paid and its status is 1
// or 2; a single-use link that took its payment reads Paid, with no switch),
// the live expiry, who added it and when; View opens its transactions, Attempts its attempts.
import { createContext, useContext, useMemo, useState } from 'react';
import { Anchor, Group, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import {
  PAYMENT_LINK_LIMITS,
  PAYMENT_LINK_MESSAGES,
  PAYMENT_LINK_STATUS,
  paymentLinkTypeLabel,
  TEXTS,
  type TPaymentLinkRow,
} from '@paywallet/contract';
import { Amount } from '../../../components/amount.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { SHORT_ID_CHARS } from '../../../components/short-id.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import type { ListView } from '../../../hooks/use-list-query.ts';
import { useUpdateLinkStatus } from '../api/payment-link-calls.ts';
import { expiryText, isExpired, truncate } from '../expiry.ts';
import { useNow } from '../use-now.ts';
import { LinkStatusBadge } from './link-status-badge.tsx';

function ExpiryCell({ link }: { link: TPaymentLinkRow }) {
  // A paid single-use link takes nothing more: its countdown would count towards nothing.
  if (link.paid) return <PaidExpiry />;
  return <ExpiryCountdown link={link} />;
}

function PaidExpiry() {
  return (
    <Text component="span" size="sm" c="dimmed" title="Paid: the link takes no more payments">
      —<VisuallyHidden>Paid: the link takes no more payments</VisuallyHidden>
    </Text>
  );
}

function ExpiryCountdown({ link }: { link: TPaymentLinkRow }) {
  const now = useNow();
  const text = expiryText(link, now);
  return (
    <Text
      component="span"
      size="sm"
      c={text === 'Expired' ? 'red.9' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {text}
    </Text>
  );
}

function UrlText({ value }: { value: string | null }) {
  return (
    <Text component="span" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value ?? '—'}
    </Text>
  );
}

/** A status change the user asked for by switching a link, waiting on the confirm. */
interface AskedStatus {
  linkId: number;
  active: boolean;
}

/**
 * The rows reach the table's one status confirm through this. The confirm lives in the table,
 * not in each row's cell: a cell is remounted whenever the table changes layout (the rows become
 * cards below the phone breakpoint and back) or a row is drawn anew, and a dialog held by the
 * cell went with it, closing the question before the user answered it.
 */
const StatusAskContext = createContext<{ ask: (asked: AskedStatus) => void; busyLinkId: number | undefined }>({
  ask: () => undefined,
  busyLinkId: undefined,
});

function StatusCell({ link }: { link: TPaymentLinkRow }) {
  const now = useNow();
  const { ask, busyLinkId } = useContext(StatusAskContext);
  const expired = isExpired(link, now);
  // A paid single-use link takes no more payments whatever its status, so switching it would
  // change nothing the customer sees: it shows Paid and no switch.
  const toggleable = !expired && !link.paid && (link.status === PAYMENT_LINK_STATUS.ACTIVE || link.status === PAYMENT_LINK_STATUS.INACTIVE);
  if (!toggleable) return <LinkStatusBadge statusStr={link.status_str} expired={expired} paid={link.paid} />;
  // The switch shows the state the row holds; it changes once the confirmed call succeeded and
  // the list was read again.
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        checked={link.status === PAYMENT_LINK_STATUS.ACTIVE}
        onChange={(event) => ask({ linkId: link.id, active: event.currentTarget.checked })}
        disabled={busyLinkId === link.id}
        aria-label={`Status of link ${link.id}`}
        onClick={(event) => event.stopPropagation()}
      />
      <Text component="span" size="sm">
        {link.status_str}
      </Text>
    </Group>
  );
}

const COLUMNS: DataColumn<TPaymentLinkRow>[] = [
  { accessor: 'id', title: 'Id', textAlign: 'right' },
  {
    accessor: 'token',
    title: 'Token',
    render: (row) => (
      <Group gap={4} wrap="nowrap">
        <Text component="span" size="sm" ff="monospace" title={row.token}>
          {row.token.slice(0, SHORT_ID_CHARS)}…
        </Text>
        <CopyButton value={row.payment_url} label={`payment link ${row.id}`} />
      </Group>
    ),
  },
  { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (row) => <Amount minor={row.amount} currency={row.currency.code} /> },
  // Hidden at first under Columns (with the count, the channel, the schemas, the description and
  // who added it): what the merchant needs less often, so that the status, expiry, Pay Now URL
  // and dates fit 1280 px (DECISIONS 40).
  { accessor: 'type', title: 'Type', defaultToggle: false, render: (row) => paymentLinkTypeLabel(row.type) },
  { accessor: 'status', title: 'Status', render: (row) => <StatusCell link={row} /> },
  { accessor: 'exipres_in', title: 'Expiry', noWrap: true, render: (row) => <ExpiryCell link={row} /> },
  { accessor: 'transactions_count', title: 'Transactions', textAlign: 'right', defaultToggle: false },
  {
    accessor: 'channel',
    title: 'Channel',
    defaultToggle: false,
    render: (row) => (
      <Stack gap={0}>
        <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.channel.name}
        </Text>
        <Text component="span" size="xs" c="dimmed">
          {row.store.name}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'schemas',
    title: 'Schemas',
    defaultToggle: false,
    render: (row) => row.schemas.map((scheme) => scheme.name).join(', ') || '—',
  },
  {
    accessor: 'description',
    title: 'Description',
    defaultToggle: false,
    render: (row) => truncate(row.description, PAYMENT_LINK_LIMITS.descriptionListChars),
  },
  {
    accessor: 'payment_url',
    title: 'Payment URL',
    render: (row) => (
      <Anchor href={row.payment_url} target="_blank" rel="noopener noreferrer" size="sm">
        Open
        <VisuallyHidden>{` payment link ${row.id}`}</VisuallyHidden>
      </Anchor>
    ),
  },
  // DECISIONS 40: both URLs exist under Columns, hidden at first; long URLs wrap instead of widening the table.
  { accessor: 'redirect_url', title: 'Redirect URL', defaultToggle: false, render: (row) => <UrlText value={row.redirect_url} /> },
  { accessor: 'callback_url', title: 'Callback URL', defaultToggle: false, render: (row) => <UrlText value={row.callback_url} /> },
  {
    accessor: 'added_by_user',
    title: 'Added By',
    defaultToggle: false,
    render: (row) => `${row.added_by_user.first_name} ${row.added_by_user.last_name}`.trim(),
  },
  { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
];

export function PaymentLinksTable({
  list,
  onView,
  onAttempts,
}: {
  list: ListView<TPaymentLinkRow>;
  onView: (row: TPaymentLinkRow) => void;
  onAttempts: (row: TPaymentLinkRow) => void;
}) {
  const update = useUpdateLinkStatus();
  const [asked, setAsked] = useState<AskedStatus | null>(null);
  const busyLinkId = update.isPending ? asked?.linkId : undefined;
  const rowsContext = useMemo(() => ({ ask: setAsked, busyLinkId }), [busyLinkId]);

  // Yes changes the status and waits for the list to be read again; No, or a failed call (the
  // client already showed its error), leaves the link as it was.
  const confirm = async () => {
    if (asked === null) return;
    try {
      await update.mutateAsync({
        paymentLinkId: asked.linkId,
        status: asked.active ? PAYMENT_LINK_STATUS.ACTIVE : PAYMENT_LINK_STATUS.INACTIVE,
      });
    } catch {
      // shown by the client
    } finally {
      setAsked(null);
    }
  };

  return (
    <StatusAskContext.Provider value={rowsContext}>
      <DataTable
        label="Payment Links"
        storageKey="table.payment-links"
        list={list}
        columns={COLUMNS}
        idAccessor="id"
        rowAttributes={(row) => ({ 'data-link-id': row.id, 'data-token': row.token })}
        actions={[
          { label: 'View', onClick: onView },
          { label: 'Attempts', onClick: onAttempts, variant: 'default' },
        ]}
      />
      <ConfirmModal
        opened={asked !== null}
        title={TEXTS.changeStatusTitle}
        message={PAYMENT_LINK_MESSAGES.updateConfirm}
        loading={update.isPending}
        onNo={() => setAsked(null)}
        onYes={() => void confirm()}
      />
    </StatusAskContext.Provider>
  );
}
