// The app home (dashboard-overview). The welcome card reads the profile, falling back to the
// user stored at sign-in while it loads or if it fails.
import { Skeleton, Stack, Title } from '@mantine/core';
import { USER_STATUS } from '@paywallet/contract';
import { ErrorState } from '../../../components/query-states.tsx';
import { useAdminSession } from '../../../hooks/use-admin-session.ts';
import { useLocalState } from '../../../hooks/use-local-state.ts';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { WelcomeCard } from '../components/welcome-card.tsx';

export function DashboardPage() {
  const profile = useUserProfile();
  const storedUser = useLocalState('user');
  const isAdmin = useAdminSession();
  const user = profile.data?.user ?? storedUser;

  return (
    <Stack gap="lg">
      <Title order={2}>Dashboard</Title>
      {profile.isError && (
        <ErrorState title="Your profile could not be refreshed" message={profile.error.message} onRetry={() => void profile.refetch()} />
      )}
      {user ? (
        // An administrator logged in as the merchant sees the account as active (spec 1 section 6).
        <WelcomeCard user={user} status={isAdmin ? USER_STATUS.ACTIVE : user.status} />
      ) : (
        profile.isPending && <Skeleton height={96} radius="md" />
      )}
    </Stack>
  );
}
