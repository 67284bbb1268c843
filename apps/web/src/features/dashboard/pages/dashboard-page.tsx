// The app home (dashboard-overview), for consumers and merchants alike: the welcome card, then
// the wallets with their balances. The welcome card reads the profile, falling back to the user
// stored at sign-in while it loads or if it fails.
import { Skeleton, Stack, Title } from '@mantine/core';
import { USER_STATUS } from '@paywallet/contract';
import { ErrorState } from '../../../components/query-states.tsx';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { useLocalState } from '../../../hooks/use-local-state.ts';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { WalletBalances } from '../components/wallet-balances.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';

export function DashboardPage() {
  const profile = useUserProfile();
  const storedUser = useLocalState('user');
  const isAdmin = useAdminSession();
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
        <WelcomeCard user={user} status={isAdmin ? USER_STATUS.ACTIVE : user.status} showProfileLink={!isAdmin} />
      ) : (
        profile.isPending && <Skeleton height={96} radius="md" />
      )}
      <WalletBalances />
    </Stack>
  );
}
