// Screen 19: the card step of a deposit. Deposit sends the card with the balance-and-limits
// hash. Approved at once (bypass3DS 1): the success dialog, then the app home. A 3-D Secure
// challenge: 'Please Wait' for 2 s, the challenge page opens in a new tab, and the user goes
// to the app home (spec 1 section 4). The wallets refresh either way. A declined card is
// corrected here (the quote stays open); a quote that takes no more cards goes back to the
// first step with its message, the amount and account still filled in.
import { useCallback, useEffect, useState } from 'react';
import { Grid, Stack, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../lib/paths.ts';
import { RedirectingModal } from '../../../components/redirecting-modal.tsx';
import { TransactionSuccessModal } from '../../../components/transaction-success-modal.tsx';
import { useLocalStateSnapshot } from '../../../hooks/use-local-state.ts';
import { useSecondsUntil } from '../../../hooks/use-seconds-until.ts';
import { useWalletList, walletLabel } from '../../../hooks/use-wallet-list.ts';
import { localState } from '../../../lib/storage.ts';
import type { BalanceLimitQuoteState } from '../../../lib/storage.ts';
import { CardForm } from '../components/card-form.tsx';
import { DepositSummary } from '../components/deposit-summary.tsx';
import type { DepositNotice } from './deposit-money-page.tsx';

/** Spec 1 section 9: the redirecting dialog shows for 2 seconds. */
const REDIRECT_DELAY_MS = 2000;

export function DepositInitiatePage() {
  const pending = useLocalStateSnapshot('balanceLimitQuote');
  if (!pending) return <Navigate to="/app/deposit-money" replace />;
  return <DepositInitiate key={pending.quote.hash} pending={pending} />;
}

function DepositInitiate({ pending }: { pending: BalanceLimitQuoteState }) {
  const navigate = useNavigate();
  const wallets = useWalletList();
  const secondsLeft = useSecondsUntil(pending.quote.expiresAt);
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);
  const wallet = wallets.data?.find((item) => item.id === pending.walletId);

  const leave = useCallback(() => {
    navigate('/app');
    localState.remove('balanceLimitQuote');
  }, [navigate]);

  useEffect(() => {
    if (!paymentUrl) return undefined;
    const timer = window.setTimeout(() => {
      const tab = window.open(paymentUrl, '_blank');
      if (tab) {
        tab.opener = null;
        leave();
        return;
      }
      // The browser blocked the new tab: the challenge opens here; its page links back to the app.
      window.location.assign(paymentUrl);
      localState.remove('balanceLimitQuote');
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [paymentUrl, leave]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Deposit Money
      </Title>
      <Grid gap="lg" maw={960}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CardForm
            hash={pending.quote.hash}
            expired={secondsLeft <= 0}
            finished={transactionId !== null || paymentUrl !== null}
            onBack={() => navigate(PATHS.depositMoney)}
            onQuoteClosed={(message) => navigate(PATHS.depositMoney, { state: { notice: message } satisfies DepositNotice })}
            onDeposited={(answer) => {
              if (answer.bypass3DS === 1 || !answer.paymentUrl) setTransactionId(answer.transactionId);
              else setPaymentUrl(answer.paymentUrl);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DepositSummary
            pending={pending}
            walletLabel={wallet ? `${walletLabel(wallet)} · ${wallet.account_number}` : pending.quote.currency}
            secondsLeft={secondsLeft}
          />
        </Grid.Col>
      </Grid>
      <TransactionSuccessModal transactionId={transactionId} onClose={leave} />
      <RedirectingModal opened={paymentUrl !== null} message="You will complete the 3-D Secure check in a new tab." />
    </Stack>
  );
}
