// The profile page: for a merchant (and its staff) the merchant profile with the picture upload
// and, for the main account, the Stores table; for a consumer the read-only card of the
// signed-in user.
import { Skeleton, Stack, Title } from '@mantine/core';
import { EmptyState, ErrorState } from '../../../components/query-states.tsx';
import { useAccountKind } from '../../../hooks/use-account-kind.ts';
import { useLocalState } from '../../../hooks/use-local-state.ts';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { MerchantProfile } from '../components/merchant-profile.tsx';
import { ProfileCard } from '../components/profile-card.tsx';

export function ProfilePage() {
  const merchant = useAccountKind() === 'merchant';
  const user = useLocalState('user');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Profile
      </Title>
      {merchant ? <MerchantProfile showStores={(user?.parent_user_id ?? 0) === 0} /> : <ConsumerProfile />}
    </Stack>
  );
}

function ConsumerProfile() {
  const profile = useUserProfile();
  return (
    <>
      {profile.isPending && <Skeleton height={220} radius="md" maw={720} />}
      {profile.isError && <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />}
      {profile.isSuccess &&
        (profile.data.user ? <ProfileCard user={profile.data.user} /> : <EmptyState message="No profile data available" />)}
    </>
  );
}
