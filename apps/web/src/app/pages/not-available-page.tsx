// What a screen shows when the account may not use it: a staff member who was not granted the
// feature, or an account of the other kind (a consumer on a merchant path). It says so plainly
// and offers a way back to the first screen the account may use.
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useFeatureList } from '../../features/shell/api/use-feature-list.ts';
import { useAccountKind } from '../../hooks/use-account-kind.ts';
import { useLocalState } from '../../hooks/use-local-state.ts';
import { featurePath } from '../../lib/paths.ts';

const NOT_AVAILABLE_TITLE = 'Not available to your account';

export function NotAvailablePage() {
  const features = useFeatureList();
  const kind = useAccountKind();
  // A staff member can be granted more; another kind of account cannot.
  const user = useLocalState('user');
  const isStaff = user !== undefined && user.type === 'merchant' && user.parent_user_id !== 0;
  const firstPath = features.data
    ?.flatMap((group) => group.features)
    .map((feature) => featurePath(feature.slug, kind))
    .find((path) => path !== undefined);
  return (
    <Card withBorder padding="xl" radius="md" maw={560} role="alert">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {NOT_AVAILABLE_TITLE}
        </Title>
        <Text c="dimmed">
          {isStaff
            ? 'This page is not available to your account. If you need it, ask the owner of the merchant account to grant you access.'
            : 'This page belongs to another kind of account.'}
        </Text>
        {firstPath && (
          <Button component={Link} to={firstPath} variant="light">
            Go to an available page
          </Button>
        )}
      </Stack>
    </Card>
  );
}
