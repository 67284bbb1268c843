// The Onboard modal: Parent Entity and Unique Reference, both required. Continue opens the
// store that already holds the reference (its update view), or else the Onboard Store page with
// them as its route parameters: a reference never makes a second store.
import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { MESSAGES } from '@paywallet/contract';
import { useNavigate } from 'react-router-dom';
import { href, PATHS } from '../../../lib/paths.ts';
import { requiredField } from '../../../components/required.ts';
import { findStoreByReference } from '../api/store-calls.ts';
import { storeUpdateLink } from '../store-links.ts';

const MAX_CHARS = 100;

export function OnboardingModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [parentEntity, setParentEntity] = useState('');
  const [uniqueRef, setUniqueRef] = useState('');
  const [tried, setTried] = useState(false);
  const entityError = tried && parentEntity.trim() === '' ? MESSAGES.required('parent entity') : undefined;
  const refError = tried && uniqueRef.trim() === '' ? MESSAGES.required('unique reference') : undefined;

  const [looking, setLooking] = useState(false);

  const onContinue = async (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (parentEntity.trim() === '' || uniqueRef.trim() === '') return;
    setLooking(true);
    try {
      const storeId = await findStoreByReference(uniqueRef.trim());
      onClose();
      navigate(
        storeId === undefined
          ? href(PATHS.storeAccountActivation, { uniqueRef: uniqueRef.trim(), parentEntity: parentEntity.trim() })
          : storeUpdateLink(storeId),
      );
    } catch {
      // The refusal's toast says why; the modal stays for another try.
    } finally {
      setLooking(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Store Onboarding" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void onContinue(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Parent Entity"
            {...requiredField}
            maxLength={MAX_CHARS}
            value={parentEntity}
            onChange={(event) => setParentEntity(event.currentTarget.value)}
            error={entityError}
            data-autofocus
          />
          <TextInput
            label="Unique Reference"
            {...requiredField}
            maxLength={MAX_CHARS}
            value={uniqueRef}
            onChange={(event) => setUniqueRef(event.currentTarget.value)}
            error={refError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={looking}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
