// One owner's card in the owners accordion: names, date of birth (not after today), ID type,
// the document with its preview (click to enlarge; a saved owner's is fetched the first time
// the panel opens), Submit or Update Owner, and Delete behind a confirm.
import { useEffect, useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IDENTITY_TYPE_LABEL, IDENTITY_TYPES, STORE_MESSAGES } from '@paywallet/contract';
import { requiredField, requiredLabelProps } from '../../../components/required.ts';
import { showToast } from '../../../lib/toast.ts';
import { useOwnerDocument } from '../api/store-calls.ts';
import { documentProblem, readAsDataUrl } from '../owner-form.ts';
import type { OwnerCardState, OwnerErrors } from '../owner-form.ts';
import './owners.css';

const ID_TYPES = IDENTITY_TYPES.map((value) => ({ value, label: IDENTITY_TYPE_LABEL[value] }));

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export interface OwnerCardProps {
  index: number;
  card: OwnerCardState;
  errors: OwnerErrors;
  opened: boolean;
  locked: boolean;
  saving: boolean;
  onChange: (change: Partial<OwnerCardState>) => void;
  onSave: () => void;
  onDelete: () => void;
}

export function OwnerCard({ index, card, errors, opened, locked, saving, onChange, onSave, onDelete }: OwnerCardProps) {
  const [enlarged, setEnlarged] = useState(false);
  const [fresh, setFresh] = useState(card.fresh);
  const document = useOwnerDocument(card.id, opened && card.status === 'update' && card.preview === null && !card.documentFile);
  const preview = card.preview ?? document.data?.file ?? null;

  useEffect(() => {
    if (!fresh) return;
    const timer = window.setTimeout(() => setFresh(false), 3000);
    return () => window.clearTimeout(timer);
  }, [fresh]);

  const chooseFile = async (file: File | null) => {
    if (!file) {
      onChange({ documentFile: null, preview: null });
      return;
    }
    const problem = documentProblem(file);
    if (problem) {
      showToast('error', problem);
      onChange({ documentFile: null });
      return;
    }
    onChange({ documentFile: file, preview: await readAsDataUrl(file), documentName: file.name });
  };

  const title = `${card.firstName || card.lastName ? `${card.firstName} ${card.lastName}`.trim() : 'New owner'}`;
  return (
    <Accordion.Item value={card.key} className={fresh ? 'store-owner-new' : undefined} data-owner-index={index}>
      <Accordion.Control>
        <Group gap="xs">
          <Text fw={500}>{`Owner ${index + 1}: ${title}`}</Text>
          {card.status === 'add' && (
            <Text size="xs" c="dimmed">
              (not saved)
            </Text>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First Name"
              {...requiredField}
              maxLength={60}
              value={card.firstName}
              onChange={(event) => onChange({ firstName: event.currentTarget.value })}
              error={errors.firstName}
              disabled={locked}
            />
            <TextInput
              label="Last Name"
              {...requiredField}
              maxLength={60}
              value={card.lastName}
              onChange={(event) => onChange({ lastName: event.currentTarget.value })}
              error={errors.lastName}
              disabled={locked}
            />
            <TextInput
              label="Date of Birth"
              type="date"
              {...requiredField}
              max={today()}
              value={card.dob}
              onChange={(event) => onChange({ dob: event.currentTarget.value })}
              error={errors.dob}
              disabled={locked}
            />
            <Select
              label="ID Type"
              {...requiredField}
              data={ID_TYPES}
              allowDeselect={false}
              value={card.identityType}
              onChange={(value) => value && onChange({ identityType: value as OwnerCardState['identityType'] })}
              error={errors.identityType}
              disabled={locked}
            />
          </SimpleGrid>
          <FileInput
            label="Document"
            description={STORE_MESSAGES.documentHelp}
            placeholder={card.documentName ?? 'Choose a file'}
            accept="image/png,image/jpeg"
            {...(card.status === 'add' ? { labelProps: requiredLabelProps } : {})}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen document' }}
            value={card.documentFile}
            onChange={(file) => void chooseFile(file)}
            error={errors.attachment}
            disabled={locked}
          />
          {document.isFetching && !preview && <Loader size="sm" aria-label="Loading the document" />}
          {document.isError && (
            <Alert color="red" variant="light">
              The document could not be loaded.
            </Alert>
          )}
          {preview && (
            <UnstyledButton onClick={() => setEnlarged(true)} aria-label="Enlarge the document" w="fit-content">
              <Image src={preview} alt={`Document of owner ${index + 1}`} h={96} w="auto" fit="contain" radius="sm" />
            </UnstyledButton>
          )}
          <Group justify="flex-end" gap="sm">
            <Button color="red" variant="light" onClick={onDelete} disabled={locked || saving}>
              Delete
            </Button>
            <Button onClick={onSave} loading={saving} disabled={locked}>
              {card.status === 'add' ? 'Submit' : 'Update Owner'}
            </Button>
          </Group>
        </Stack>
        <Modal
          opened={enlarged}
          onClose={() => setEnlarged(false)}
          title="Document"
          size="xl"
          centered
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          {preview && <Image src={preview} alt={`Document of owner ${index + 1}, enlarged`} fit="contain" />}
        </Modal>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
