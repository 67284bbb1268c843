// Payment Link Transactions (route payment-link/view?id=): the link's token, lifetime, status
// badge (green when Active, blue Paid once a single-use link took its payment, otherwise red), Pay Now (its payment_url), amount with currency,
// type and count; Export Excel and Export PDF of its payments; the payments through it (each
// with a link to its attempts) with totals of the successful ones; the support note.
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paymentLinkTypeLabel, type TPaymentLinkTransaction } from '@paywallet/contract';
import { href, idParam, MERCHANT_PATHS } from '../../../lib/paths.ts';
import { Amount, formatFee } from '../../../components/amount.tsx';
import { CopyButton } from '../../../components/copy-button.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { GmtDate } from '../../../components/gmt-date.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useLinkTransactions, wholeList } from '../api/payment-link-calls.ts';
import { lifetimeText } from '../expiry.ts';
import { LinkStatusBadge } from '../components/link-status-badge.tsx';

/** The id's first characters: enough to tell rows apart at 1280 px; the full id is in the title and Copy. */
const SHORT_ID_CHARS = 8;

function columns(currency: string, openDetails: (row: TPaymentLinkTransaction) => void): DataColumn<TPaymentLinkTransaction>[] {
  return [
    {
      accessor: 'uuid',
      title: 'UUID',
      noWrap: true,
      toggleable: false,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            ff="monospace"
            title={row.uuid}
            aria-label={`Details of payment ${row.uuid}`}
            onClick={() => openDetails(row)}
          >
            {row.uuid.slice(0, SHORT_ID_CHARS)}…
          </Anchor>
          <CopyButton value={row.uuid} label={`payment ${row.uuid}`} />
        </Group>
      ),
    },
    // Hidden until chosen under Columns (this one, the customer's e-mail and the account titles):
    // what the merchant needs less often, so that the rest fits 1280 px without scrolling
    // sideways. The phone cards list the shown columns too.
    {
      accessor: 'gateway_reference_id',
      title: 'Gateway Reference',
      defaultToggle: false,
      render: (row) => row.gateway_reference_id ?? '—',
    },
    { accessor: 'customer.name', title: 'Customer Name', render: (row) => row.customer.name ?? '—' },
    { accessor: 'customer.email', title: 'Customer Email', defaultToggle: false, render: (row) => row.customer.email ?? '—' },
    { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (row) => <Amount minor={row.amount} currency={currency} /> },
    { accessor: 'vat', title: 'VAT', textAlign: 'right', noWrap: true, render: (row) => formatFee(row.vat, currency) },
    { accessor: 'fee', title: 'Fee', textAlign: 'right', noWrap: true, render: (row) => formatFee(row.fee, currency) },
    {
      accessor: 'total_amount',
      title: 'Total Amount',
      textAlign: 'right',
      render: (row) => <Amount minor={row.total_amount} currency={currency} />,
    },
    {
      accessor: 'receiver_account_title',
      title: 'Receiver Account Title',
      defaultToggle: false,
      render: (row) => row.receiver_account_title ?? '—',
    },
    {
      accessor: 'sender_account_title',
      title: 'Sender Account Title',
      defaultToggle: false,
      render: (row) => row.sender_account_title ?? '—',
    },
    { accessor: 'status_str', title: 'Status', noWrap: true, render: (row) => row.status_str },
    { accessor: 'created_at', title: 'Created At', noWrap: true, render: (row) => <GmtDate value={row.created_at} /> },
    {
      accessor: 'attempts',
      title: 'Attempts',
      render: (row) => (
        <Anchor
          component={Link}
          to={href(MERCHANT_PATHS.transactionAttempts, { uuid: row.uuid })}
          // DECISIONS 49: the attempts' Back returns to this link's transactions.
          state={{ from: `${window.location.pathname}${window.location.search}` }}
          size="sm"
          aria-label={`View attempts of payment ${row.uuid}`}
        >
          Attempts
        </Anchor>
      ),
    },
  ];
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

export function PaymentLinkViewPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkId = idParam(params.get('id'));
  const query = useLinkTransactions(linkId);
  const link = query.data;
  const list = wholeList({ ...query, data: link?.transactions });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Link Transactions
        </Title>
        <Button variant="default" component={Link} to={MERCHANT_PATHS.paymentLink}>
          Back
        </Button>
      </Group>
      {linkId === undefined && <ErrorState title="Payment link not found" message="Open a link from the payment links list." />}
      {linkId !== undefined && query.isPending && <LoadingState rows={4} />}
      {query.isError && <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />}
      {link && (
        <>
          <Card withBorder radius="md" padding="lg">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <Fact label="Token">
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="link-token">
                    {link.token}
                  </Text>
                  <CopyButton value={link.payment_url} label="payment link" />
                </Group>
              </Fact>
              <Fact label="Expiry">
                <Text size="sm">{lifetimeText(link.exipres_in)}</Text>
              </Fact>
              <Fact label="Status">
                <span data-testid="link-status">
                  <LinkStatusBadge statusStr={link.status_str} expired={link.expired} paid={link.paid} />
                </span>
              </Fact>
              <Fact label="Payment">
                <Anchor href={link.payment_url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                  Pay Now
                </Anchor>
              </Fact>
              <Fact label="Amount">
                <Amount minor={link.amount} currency={link.currency.code} fw={600} />
              </Fact>
              <Fact label="Type">
                <Badge variant="outline" color="gray" c="gray.9">
                  {paymentLinkTypeLabel(link.type)}
                </Badge>
              </Fact>
              <Fact label="Transactions">
                <Text size="sm" data-testid="link-transactions-count">
                  {link.transactions_count}
                </Text>
              </Fact>
            </SimpleGrid>
          </Card>
          <ExportButtons reportType="payment_link_transactions" filters={{ paymentLinkId: link.id }} />
          <DataTable
            label="Link Transactions"
            storageKey="table.payment-link-transactions"
            list={list}
            columns={columns(link.currency.code, (row) => navigate(href(MERCHANT_PATHS.transactionDetails, { id: row.uuid })))}
            idAccessor="uuid"
            rowAttributes={(row) => ({ 'data-uuid': row.uuid })}
          />
          <Card withBorder radius="md" padding="md" maw={520} ml="auto" w="100%">
            <Stack gap={6} data-testid="link-totals">
              <Group justify="space-between">
                <Text size="sm">Amount</Text>
                <Amount minor={link.totals.amount} currency={link.currency.code} size="sm" />
              </Group>
              <Group justify="space-between">
                <Text size="sm">VAT</Text>
                <Text size="sm">{formatFee(link.totals.vat, link.currency.code)}</Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm">Fee</Text>
                <Text size="sm">{formatFee(link.totals.fee, link.currency.code)}</Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm" fw={700}>
                  Subtotal
                </Text>
                <Amount minor={link.totals.subtotal} currency={link.currency.code} size="sm" fw={700} />
              </Group>
            </Stack>
          </Card>
          <Text size="sm" c="dimmed">
            For any question about these payments, please contact our support team by email at{' '}
            <Anchor href={`mailto:${link.support_email}`} size="sm" underline="always">
              {link.support_email}
            </Anchor>
            .
          </Text>
        </>
      )}
    </Stack>
  );
}
