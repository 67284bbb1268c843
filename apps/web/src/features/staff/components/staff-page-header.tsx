// The breadcrumb and the one h1 of every staff screen.
import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MERCHANT_PATHS } from '../../../lib/paths.ts';

export function StaffPageHeader({ title }: { title: string }) {
  return (
    <Stack gap="xs">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to="/app" size="sm">
          App
        </Anchor>
        <Anchor component={Link} to={MERCHANT_PATHS.merchantStaff} size="sm">
          Staff
        </Anchor>
        <Anchor component="span" size="sm" c="dimmed" aria-current="page">
          {title}
        </Anchor>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {title}
      </Title>
    </Stack>
  );
}
