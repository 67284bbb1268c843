// The Columns button: one checkbox per column. The choice is kept in local storage under the
// table's own key (mantine-datatable's useDataTableColumns), so it survives a reload. The last
// shown column cannot be hidden: a table with no columns would look broken.
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { DataTableColumnToggle } from 'mantine-datatable';
import { Icon } from '../icons.tsx';

export interface ColumnToggleProps {
  tableLabel: string;
  titles: Record<string, string>;
  toggles: DataTableColumnToggle[];
  onChange: (toggles: DataTableColumnToggle[]) => void;
}

export function ColumnToggle({ tableLabel, titles, toggles, onChange }: ColumnToggleProps) {
  const shown = toggles.filter((toggle) => toggle.toggled).length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<Icon name="settings" size={14} />} aria-label={`Columns of ${tableLabel}`}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={`Columns shown in ${tableLabel}`}>
          <Text size="xs" c="dimmed">
            Columns shown
          </Text>
          {toggles
            .filter((toggle) => toggle.toggleable)
            .map((toggle) => (
              <Checkbox
                key={toggle.accessor}
                label={titles[toggle.accessor] ?? toggle.accessor}
                checked={toggle.toggled}
                disabled={toggle.toggled && shown === 1}
                onChange={(event) => {
                  const toggled = event.currentTarget.checked;
                  onChange(toggles.map((item) => (item.accessor === toggle.accessor ? { ...item, toggled } : item)));
                }}
              />
            ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
