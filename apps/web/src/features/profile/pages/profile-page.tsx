// The profile page: a read-only card of the signed-in user.
import { Skeleton, Stack, Title } from '@mantine/core';
import { EmptyState, ErrorState } from '../../../components/query-states.tsx';
import { useUserProfile } from '../../../hooks/use-user-profile.ts';
import { ProfileCard } from '../components/profile-card.tsx';

export function ProfilePage() {
  const profile = useUserProfile();
  return (
    <Stack gap="lg">
      <Title order={2}>Profile</Title>
      {profile.isPending && <Skeleton height={220} radius="md" maw={720} />}
      {profile.isError && <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />}
      {profile.isSuccess && (profile.data.user ? <ProfileCard user={profile.data.user} /> : <EmptyState message="No profile data available" />)}
    </Stack>
  );
}
