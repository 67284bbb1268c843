// The owners of a store: an accordion of owner cards, Add owner, and each card's save and
// delete (spec 3 sections 2.4 and 4). Reports how many owners are saved, since Submit for
// Approval needs one.
import { useEffect, useState } from 'react';
import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import { STORE_MESSAGES } from '@paywallet/contract';
import type { TStoreOwner } from '@paywallet/contract';
import { isApiError } from '../../../api/api-error.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { saveOwner, useForgetStores } from '../api/store-calls.ts';
import { newOwnerCard, ownerErrors, savedOwnerCard } from '../owner-form.ts';
import type { OwnerCardState, OwnerErrors } from '../owner-form.ts';
import { OwnerCard } from './owner-card.tsx';

export interface OwnersPanelProps {
  storeId: number;
  owners: readonly TStoreOwner[];
  locked: boolean;
  onSavedCount: (count: number) => void;
}

function serverErrors(error: unknown): OwnerErrors {
  if (!isApiError(error)) return {};
  const errors = (error.data as { errors?: Record<string, string> } | null)?.errors ?? {};
  return errors as OwnerErrors;
}

export function OwnersPanel({ storeId, owners, locked, onSavedCount }: OwnersPanelProps) {
  const forgetStores = useForgetStores();
  const [cards, setCards] = useState<OwnerCardState[]>(() => owners.map(savedOwnerCard));
  const [opened, setOpened] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, OwnerErrors>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<OwnerCardState | null>(null);
  const [removing, setRemoving] = useState(false);

  const savedCount = cards.filter((card) => card.status === 'update').length;
  useEffect(() => onSavedCount(savedCount), [savedCount, onSavedCount]);

  const change = (key: string, update: Partial<OwnerCardState>) => {
    setCards((current) => current.map((card) => (card.key === key ? { ...card, ...update } : card)));
    setErrors((current) => ({ ...current, [key]: {} }));
  };

  const add = () => {
    const card = newOwnerCard();
    setCards((current) => [...current, card]);
    setOpened(card.key);
  };

  const save = async (card: OwnerCardState) => {
    const problems = ownerErrors(card);
    setErrors((current) => ({ ...current, [card.key]: problems }));
    if (Object.keys(problems).length > 0) return;
    setSaving(card.key);
    try {
      const answer = await saveOwner({
        type: card.status,
        storeId,
        id: card.id,
        firstName: card.firstName,
        lastName: card.lastName,
        dob: card.dob,
        identityType: card.identityType,
        attachment: card.documentFile,
      });
      change(card.key, { id: answer.id, status: 'update', documentFile: null });
      void forgetStores();
    } catch (error) {
      setErrors((current) => ({ ...current, [card.key]: serverErrors(error) }));
    } finally {
      setSaving(null);
    }
  };

  const remove = async () => {
    const card = deleting;
    if (!card) return;
    if (card.status === 'add' || card.id === undefined) {
      setCards((current) => current.filter((item) => item.key !== card.key));
      setDeleting(null);
      return;
    }
    setRemoving(true);
    try {
      await saveOwner({ type: 'delete', storeId, id: card.id });
      setCards((current) => current.filter((item) => item.key !== card.key));
      void forgetStores();
    } catch {
      // The toast of the refusal says why; the card stays.
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  return (
    <Stack gap="md">
      {cards.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No Data Available
        </Text>
      ) : (
        <Accordion value={opened} onChange={setOpened} variant="separated">
          {cards.map((card, index) => (
            <OwnerCard
              key={card.key}
              index={index}
              card={card}
              errors={errors[card.key] ?? {}}
              opened={opened === card.key}
              locked={locked}
              saving={saving === card.key}
              onChange={(update) => change(card.key, update)}
              onSave={() => void save(card)}
              onDelete={() => setDeleting(card)}
            />
          ))}
        </Accordion>
      )}
      <Group>
        <Button variant="light" onClick={add} disabled={locked}>
          Add owner
        </Button>
      </Group>
      <ConfirmModal
        opened={deleting !== null}
        title={STORE_MESSAGES.deleteOwnerTitle}
        message={STORE_MESSAGES.deleteOwnerConfirm}
        loading={removing}
        onNo={() => setDeleting(null)}
        onYes={() => void remove()}
      />
    </Stack>
  );
}
