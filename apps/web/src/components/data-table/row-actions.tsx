// The actions of one row, each shown only where its condition allows. A click acts on the row
// and stops there: it does not also expand the row.
import type { MouseEvent } from 'react';
import { ActionIcon, Box, Button, Group, Tooltip } from '@mantine/core';
import { Icon } from '../icons.tsx';
import type { RowAction } from './types.ts';

/** An icon action's button (Mantine's `md`, 28 px: above the 24 px least target of WCAG 2.5.8). */
const ICON_BUTTON_PX = 28;

export function visibleActions<Row>(actions: readonly RowAction<Row>[], row: Row): RowAction<Row>[] {
  return actions.filter((action) => !action.hidden?.(row));
}

function runOn<Row>(action: RowAction<Row>, row: Row) {
  return (event: MouseEvent) => {
    event.stopPropagation();
    action.onClick(row);
  };
}

function LabelledAction<Row>({ action, row }: { action: RowAction<Row>; row: Row }) {
  return (
    <Button
      size="xs"
      variant={action.variant ?? 'light'}
      color={action.color}
      loading={action.busy?.(row) ?? false}
      onClick={runOn(action, row)}
    >
      {action.label}
    </Button>
  );
}

function IconAction<Row>({ action, icon, row }: { action: RowAction<Row>; icon: NonNullable<RowAction<Row>['icon']>; row: Row }) {
  return (
    <Tooltip label={action.label} withArrow openDelay={200}>
      <ActionIcon
        size={ICON_BUTTON_PX}
        variant={action.variant ?? 'light'}
        color={action.color}
        aria-label={action.label}
        loading={action.busy?.(row) ?? false}
        onClick={runOn(action, row)}
      >
        <Icon name={icon} size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The row's actions in the table: labelled buttons, or icon buttons for actions that have an
 * icon. An icon action hidden on this row leaves its place empty, so each icon stays in one line
 * down the column and the eye finds Refund where it found it in the row above.
 */
function TableActions<Row>({ actions, row }: { actions: readonly RowAction<Row>[]; row: Row }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {actions.map((action) => {
        if (action.hidden?.(row)) return action.icon ? <Box key={action.label} w={ICON_BUTTON_PX} aria-hidden="true" /> : null;
        return action.icon ? (
          <IconAction key={action.label} action={action} icon={action.icon} row={row} />
        ) : (
          <LabelledAction key={action.label} action={action} row={row} />
        );
      })}
    </Group>
  );
}

export function RowActions<Row>({ actions, row, grow = false }: { actions: readonly RowAction<Row>[]; row: Row; grow?: boolean }) {
  const shown = visibleActions(actions, row);
  if (shown.length === 0) return null;
  if (!grow) return <TableActions actions={actions} row={row} />;
  return (
    // On a phone card the buttons keep their labels (a card has the room) and wrap to a new line
    // rather than widen the card past the screen.
    <Group gap="xs" wrap="wrap" justify="stretch" grow preventGrowOverflow={false}>
      {shown.map((action) => (
        <LabelledAction key={action.label} action={action} row={row} />
      ))}
    </Group>
  );
}
