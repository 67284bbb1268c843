// Who the money goes to: avatar (initials when there is none), full name, e-mail or phone.
import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { SendMoneyRecipientState } from '../../../lib/storage.ts';

type Recipient = SendMoneyRecipientState['user'];

function initials(recipient: Recipient): string {
  return `${recipient.first_name.charAt(0)}${recipient.last_name.charAt(0)}`.toUpperCase() || '?';
}

export function RecipientCard({ recipient, emailOrPhone }: { recipient: Recipient; emailOrPhone: string }) {
  const fullName = `${recipient.first_name} ${recipient.last_name}`.trim();
  const contact = emailOrPhone.includes('@') ? recipient.email : (recipient.phone_number ?? emailOrPhone);
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Recipient">
      <Stack gap="xs">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Recipient
        </Text>
        <Group gap="md" wrap="nowrap">
          <Avatar src={recipient.avatar ?? undefined} alt={fullName} radius="xl" size={52} color="blue">
            {initials(recipient)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {fullName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {contact}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}
