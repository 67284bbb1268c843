// The console's review form in a modal: the decision (a status among those allowed from where
// the item stands) and the comment the merchant or user will read. The call's own request
// schema checks it on the way in; the server's refusals land on their fields or as a toast.
import type { ReactNode } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { commentRequired, zReviewComment, type CallDef } from '@paywallet/contract';
import { FormActions } from '../../components/form/form-actions.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { TextareaField } from '../../components/form/text-field.tsx';
import { useContractForm } from '../../hooks/use-contract-form.ts';

export interface ReviewModalProps<C extends CallDef> {
  opened: boolean;
  title: string;
  /** What is being reviewed, in one line. */
  subject: string;
  /** What the decision approves, shown above it (the store's details and owners). */
  details?: ReactNode;
  call: C;
  /** The rest of the request: the store's or user's id. */
  target: Record<string, number>;
  choices: Array<{ value: string; label: string }>;
  onClose: () => void;
  onDone: () => void;
}

export function ReviewModal<C extends CallDef>({
  opened,
  title,
  subject,
  details,
  call,
  target,
  choices,
  onClose,
  onDone,
}: ReviewModalProps<C>) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={details ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && (
        <Stack gap="md">
          {details}
          <ReviewForm subject={subject} call={call} target={target} choices={choices} onClose={onClose} onDone={onDone} />
        </Stack>
      )}
    </Modal>
  );
}

/** What the modal holds: the decision as the select gives it, and the comment (the call's own rules). */
const ZReviewForm = z
  .object({ status: z.string().min(1, 'The status field is required'), comment: zReviewComment })
  .superRefine(commentRequired);

function ReviewForm<C extends CallDef>({
  subject,
  call,
  target,
  choices,
  onClose,
  onDone,
}: Omit<ReviewModalProps<C>, 'opened' | 'title' | 'details'>) {
  const { control, formProps, pending } = useContractForm({
    call: call as CallDef,
    schema: ZReviewForm,
    toRequest: (values) => ({ ...target, status: Number(values.status), comment: values.comment }),
    defaultValues: { status: choices[0]?.value ?? '', comment: '' },
    onSuccess: onDone,
  });
  return (
    <form {...formProps}>
      <Stack gap="sm">
        <Text size="sm">{subject}</Text>
        <SelectField control={control} name="status" label="Decision" data={choices} required />
        <TextareaField control={control} name="comment" label="Comment" required autosize minRows={3} maxRows={8} />
        <FormActions submitLabel="Save" pending={pending} back={{ label: 'Cancel', onClick: onClose, placement: 'end' }} />
      </Stack>
    </form>
  );
}
