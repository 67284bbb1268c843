// The actions of one row, each shown only where its condition allows. A click acts on the row
// and stops there: it does not also expand the row.
import { Button, Group } from '@mantine/core';
import type { RowAction } from './types.ts';

export function visibleActions<Row>(actions: readonly RowAction<Row>[], row: Row): RowAction<Row>[] {
  return actions.filter((action) => !action.hidden?.(row));
}

export function RowActions<Row>({ actions, row, grow = false }: { actions: readonly RowAction<Row>[]; row: Row; grow?: boolean }) {
  const shown = visibleActions(actions, row);
  if (shown.length === 0) return null;
  return (
    // On a phone card (grow) the buttons wrap to a new line rather than widen the card past the screen.
    <Group gap="xs" wrap={grow ? 'wrap' : 'nowrap'} justify={grow ? 'stretch' : 'flex-end'} grow={grow} preventGrowOverflow={!grow}>
      {shown.map((action) => (
        <Button
          key={action.label}
          size="xs"
          variant={action.variant ?? 'light'}
          color={action.color}
          loading={action.busy?.(row) ?? false}
          onClick={(event) => {
            event.stopPropagation();
            action.onClick(row);
          }}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}
