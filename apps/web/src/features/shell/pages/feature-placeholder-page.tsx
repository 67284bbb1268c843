// A menu feature whose screens are not part of this build yet, or an unknown /app path.
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { APP_ROOT } from '../../../lib/paths.ts';
import { LoadingState } from '../../../components/query-states.tsx';
import { useFeatureList } from '../api/use-feature-list.ts';

export function FeaturePlaceholderPage() {
  const slug = (useParams()['*'] ?? '').split('/')[0] ?? '';
  const features = useFeatureList();
  if (features.isPending) return <LoadingState />;
  const feature = features.data?.flatMap((group) => group.features).find((item) => item.slug === slug);

  return (
    <Card withBorder padding="xl" radius="md" maw={560}>
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {feature ? feature.name : 'Page not found'}
        </Title>
        <Text c="dimmed">
          {feature
            ? 'This section is not available yet. It will appear here in a later release.'
            : 'The page you asked for does not exist.'}
        </Text>
        <Button component={Link} to={APP_ROOT} variant="light">
          Back to Dashboard
        </Button>
      </Stack>
    </Card>
  );
}
