// Terminal Configuration: a checkbox per terminal specification for one device login, and
// Update. On success the modal closes and the caller goes to the POS devices list (spec 3 section 4).
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { POS_TEXTS, type TTerminalSpecificationName } from '@paywallet/contract';

export interface TerminalConfigModalProps {
  opened: boolean;
  staffName: string;
  specifications: ReadonlyArray<{ name: TTerminalSpecificationName; title: string }>;
  initial: readonly TTerminalSpecificationName[];
  saving: boolean;
  onClose: () => void;
  onSave: (settings: TTerminalSpecificationName[]) => void;
}

export function TerminalConfigModal(props: TerminalConfigModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`${POS_TEXTS.terminalConfigurationTitle}: ${props.staffName}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted afresh each time it opens, so it starts from the saved settings. */}
      {props.opened && <TerminalConfigForm {...props} />}
    </Modal>
  );
}

function TerminalConfigForm({ specifications, initial, saving, onSave, onClose }: TerminalConfigModalProps) {
  const [chosen, setChosen] = useState<TTerminalSpecificationName[]>([...initial]);
  return (
    <Stack gap="md">
      <Checkbox.Group label="Terminal specifications" value={chosen} onChange={(value) => setChosen(value as TTerminalSpecificationName[])}>
        <Stack gap="xs" mt="xs">
          {specifications.map((spec) => (
            <Checkbox key={spec.name} value={spec.name} label={spec.title} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => onSave(chosen)} loading={saving}>
          Update
        </Button>
      </Group>
    </Stack>
  );
}
