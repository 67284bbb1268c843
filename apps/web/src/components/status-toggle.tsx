// The table toggle switch (spec 1 'Shell and shared dialogs', spec 2 section 4): switching asks
// 'Are you sure to change the status?' (title Change Status). Yes runs the action and the switch
// shows the new state once it succeeded; No, or a failed action, leaves it as it was. The switch
// shows the state the caller holds, so it can never drift from the row.
import { useState } from 'react';
import { Switch } from '@mantine/core';
import { TEXTS } from '@paywallet/contract';
import { ConfirmModal } from './confirm-modal.tsx';

export interface StatusToggleProps {
  /** The state as the row holds it. */
  checked: boolean;
  /** Names the switch for assistive technology: 'Status of link 42'. */
  label: string;
  /** Changes the status on the server; the caller updates `checked` when it resolves. */
  onChange: (checked: boolean) => Promise<unknown>;
  disabled?: boolean;
  /** The question; payment links ask their own ('Are you sure to update the status?'). */
  message?: string;
}

export function StatusToggle({ checked, label, onChange, disabled = false, message = TEXTS.changeStatusConfirm }: StatusToggleProps) {
  /** The state the user asked for, while the confirm is open or the action runs. */
  const [asked, setAsked] = useState<boolean | null>(null);
  const [running, setRunning] = useState(false);

  const confirm = async () => {
    if (asked === null) return;
    setRunning(true);
    try {
      await onChange(asked);
    } catch {
      // The client already showed the error; the switch stays as the row holds it.
    } finally {
      setRunning(false);
      setAsked(null);
    }
  };

  return (
    <>
      <Switch
        checked={checked}
        onChange={(event) => setAsked(event.currentTarget.checked)}
        disabled={disabled || running}
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
      />
      <ConfirmModal
        opened={asked !== null}
        title={TEXTS.changeStatusTitle}
        message={message}
        loading={running}
        onNo={() => setAsked(null)}
        onYes={() => void confirm()}
      />
    </>
  );
}
