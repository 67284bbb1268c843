// One person on the Assign Staff screen: a toggle (assigned or not) and a collapsible panel with
// the device username, Reset Password and the Terminal Configuration's Manage button. A person
// toggled on but not saved yet has no login: the panel says so.
import { useState } from 'react';
import { Badge, Button, Card, Collapse, Group, Stack, Switch, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { TERMINAL_SPECIFICATIONS, type TPosPerson, type TPosPivot } from '@paywallet/contract';

export interface StaffEntryProps {
  person: TPosPerson;
  /** 'Main Account' for the merchant's own login. */
  label: string;
  assigned: boolean;
  /** The saved login on this device, or undefined when none is saved. */
  pivot: TPosPivot | undefined;
  onToggle: (on: boolean) => void;
  onReset: () => void;
  onManage: () => void;
}

function settingTitles(settings: TPosPivot['settings']): string {
  const titles = TERMINAL_SPECIFICATIONS.filter((spec) => settings.includes(spec.name)).map((spec) => spec.title);
  return titles.length > 0 ? titles.join(', ') : 'None';
}

export function personName(person: Pick<TPosPerson, 'first_name' | 'last_name'>): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

export function StaffEntry({ person, label, assigned, pivot, onToggle, onReset, onManage }: StaffEntryProps) {
  const [open, setOpen] = useState(false);
  const panelId = `pos-staff-panel-${person.id}`;
  const name = personName(person);
  return (
    <Card withBorder radius="md" padding="md" data-staff-id={person.id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Switch
            checked={assigned}
            onChange={(event) => onToggle(event.currentTarget.checked)}
            label={label}
            description={person.email ?? undefined}
            aria-label={`${label}: assigned to this device`}
          />
          <UnstyledButton
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={panelId}
            fz="sm"
            c="blue.8"
            td="underline"
            style={{ whiteSpace: 'nowrap' }}
          >
            {open ? 'Hide details' : 'Show details'}
            <VisuallyHidden>{` of ${name}`}</VisuallyHidden>
          </UnstyledButton>
        </Group>
        <Collapse expanded={open} id={panelId}>
          {pivot ? (
            <Stack gap="sm" pt="xs">
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Username
                </Text>
                <Text size="sm" ff="monospace" data-testid="pos-pivot-username">
                  {pivot.username}
                </Text>
                {!pivot.has_password && (
                  <Badge variant="outline" color="yellow" c="dark.7">
                    No password yet
                  </Badge>
                )}
              </Group>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Terminal Configuration
                </Text>
                <Text size="sm">{settingTitles(pivot.settings)}</Text>
              </Group>
              <Group gap="sm">
                <Button size="xs" variant="light" color="red" onClick={onReset} aria-label={`Reset Password of ${name}`}>
                  Reset Password
                </Button>
                <Button size="xs" variant="light" onClick={onManage} aria-label={`Manage Terminal Configuration of ${name}`}>
                  Manage
                </Button>
              </Group>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" pt="xs">
              {assigned ? 'Save to create the device login.' : 'Not assigned to this device.'}
            </Text>
          )}
        </Collapse>
      </Stack>
    </Card>
  );
}
