// The Search Filter card above a list: its fields, then Search (applies what was typed to the
// URL, back on page 1) and Clear (empties the fields and the URL). The fields edit a draft, so
// the list does not reload on every keystroke (useFilterDraft). At phone width the card folds
// to its title and a Show button, with the number of filters in force, so the list is in view.
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, Collapse, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { usePhoneWidth } from '../../hooks/use-phone-width.ts';

export interface FilterBarProps {
  title?: string;
  /** How many filters are in force (shown on the folded card). */
  activeCount?: number;
  onSearch: () => void;
  onClear: () => void;
  children: ReactNode;
}

export function FilterBar({ title = 'Search Filter', activeCount = 0, onSearch, onClear, children }: FilterBarProps) {
  const phone = usePhoneWidth();
  const [unfolded, setUnfolded] = useState(false);
  const fieldsId = useId();
  const open = !phone || unfolded;
  return (
    <Card withBorder radius="md" padding="md">
      <form
        role="search"
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h5">
              {activeCount > 0 ? `${title} (${activeCount})` : title}
            </Title>
            {phone && (
              <Button size="xs" variant="light" aria-expanded={unfolded} aria-controls={fieldsId} onClick={() => setUnfolded(!unfolded)}>
                {unfolded ? 'Hide' : 'Show'}
              </Button>
            )}
          </Group>
          <Collapse expanded={open} id={fieldsId}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" verticalSpacing="sm">
                {children}
              </SimpleGrid>
              <Group gap="sm" justify="flex-end">
                <Button variant="default" onClick={onClear}>
                  Clear
                </Button>
                <Button type="submit">Search</Button>
              </Group>
            </Stack>
          </Collapse>
        </Stack>
      </form>
    </Card>
  );
}
