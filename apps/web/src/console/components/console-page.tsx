// What every console screen shares: its one h1 with a line of help, and a status badge.
import type { ReactNode } from 'react';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { BREAK_ANYWHERE } from '../../components/data-table/wrapping.ts';

export function ConsolePage({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {help}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

export function StatusBadge({ label, color }: { label: string; color: string }) {
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** A person as the console names them: the business (or full name), and the e-mail under it. */
export function PersonCell({
  person,
}: {
  person: { first_name: string; last_name: string; email: string; business_name: string | null } | null;
}) {
  if (!person)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{person.business_name ?? `${person.first_name} ${person.last_name}`}</Text>
      {/* An e-mail has no spaces: in a table it may break anywhere rather than push it past the screen. */}
      <Text size="xs" c="dimmed" className={BREAK_ANYWHERE}>
        {person.email}
      </Text>
    </Stack>
  );
}
