// The app home (dashboard-overview), for consumers and merchants alike: the welcome card, then,
// for a merchant, the overview of the wallet chosen in the top bar (its currency), and for a
// consumer the wallets with their balances. The welcome card reads the profile, falling back
// to the user stored at sign-in while it loads or if it fails; the merchant's badge is the
// overview's (Moderation while a submitted KYC awaits review).
import { Skeleton, Stack, Title } from '@mantine/core';
import { USER_STATUS } from '@paywallet/contract';
import { ErrorState } from '../../../components/query-states.tsx';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { useLocalState } from '../../../hooks/use-local-state.ts';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { useChosenWalletId, useWalletList } from '../../../hooks/use-wallet-list.ts';
import { shellWallet } from '../../../lib/wallets.ts';
import { useDashboardOverview } from '../api/dashboard-calls.ts';
import { MerchantOverview, useOverviewPeriods } from '../components/merchant-overview.tsx';
import { WalletBalances } from '../components/wallet-balances.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';

export function DashboardPage() {
  const profile = useUserProfile();
  const storedUser = useLocalState('user');
  const isAdmin = useAdminSession();
  const isMerchant = useAccountKind() === 'merchant';
  const wallets = useWalletList();
  const chosenId = useChosenWalletId();
  const wallet = wallets.data ? shellWallet(wallets.data, chosenId) : undefined;
  const periods = useOverviewPeriods();
  const overview = useDashboardOverview(isMerchant ? wallet?.currency_id : undefined, {
    countriesPeriod: periods.countriesPeriod,
    transactionTypesPeriod: periods.transactionTypesPeriod,
  });
  const user = profile.data?.user ?? storedUser;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Dashboard
      </Title>
      {profile.isError && (
        <ErrorState title="Your profile could not be refreshed" message={profile.error.message} onRetry={() => void profile.refetch()} />
      )}
      {user ? (
        // An administrator logged in as the merchant sees the account as active (spec 1 section 6).
        <WelcomeCard
          user={user}
          status={isAdmin ? USER_STATUS.ACTIVE : user.status}
          accountStatus={isMerchant ? overview.data?.otherData.accountStatus : undefined}
          showProfileLink={!isAdmin}
        />
      ) : (
        profile.isPending && <Skeleton height={96} radius="md" />
      )}
      {isMerchant ? (
        wallets.isError ? (
          <ErrorState title="Your wallets could not be loaded" message={wallets.error.message} onRetry={() => void wallets.refetch()} />
        ) : (
          <MerchantOverview
            overview={overview}
            countriesPeriod={periods.countriesPeriod}
            transactionTypesPeriod={periods.transactionTypesPeriod}
            onCountriesPeriod={periods.setCountriesPeriod}
            onTransactionTypesPeriod={periods.setTransactionTypesPeriod}
          />
        )
      ) : (
        <WalletBalances />
      )}
    </Stack>
  );
}
