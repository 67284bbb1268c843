// A KYC file input: the file uploads as soon as it is chosen; the field's value becomes the
// uploaded file's id.
import { useState } from 'react';
import { Button, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { KYC_FILE_TYPES, LIMITS, uploadUserKycFileCall } from '@paywallet/contract';
import { isApiError } from '../../../api/api-error.ts';
import { upload } from '../../../api/upload.ts';
import { Icon } from '../../../components/icons.tsx';
import { requiredLabelProps } from '../../../components/required.ts';

export interface KycFileFieldProps {
  inputId: number;
  label: string;
  required: boolean;
  error?: string | undefined;
  onUploaded: (fileId: string) => void;
}

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; percent: number }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; problem: string };

const MAX_KB = Math.round(LIMITS.kycFileMaxBytes / 1024);

function problemWith(file: File): string | undefined {
  if (!(KYC_FILE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or PDF file';
  if (file.size > LIMITS.kycFileMaxBytes) return `The file may not be larger than ${MAX_KB} KB`;
  return undefined;
}

export function KycFileField({ inputId, label, required, error, onUploaded }: KycFileFieldProps) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  const send = async (file: File | null) => {
    if (!file) return;
    const problem = problemWith(file);
    if (problem) {
      setState({ status: 'failed', problem });
      onUploaded('');
      return;
    }
    setState({ status: 'uploading', fileName: file.name, percent: 0 });
    try {
      const result = await upload(
        uploadUserKycFileCall,
        file,
        { inputId: String(inputId) },
        {
          onProgress: (percent) => setState({ status: 'uploading', fileName: file.name, percent }),
        },
      );
      setState({ status: 'done', fileName: result.fileName || file.name });
      onUploaded(String(result.fileId));
    } catch (failure) {
      setState({ status: 'failed', problem: isApiError(failure) ? failure.message : 'The upload failed' });
      onUploaded('');
    }
  };

  const shownError = state.status === 'failed' ? state.problem : error;
  // The name starts with the visible words, so a voice user saying them reaches the button.
  const buttonText = state.status === 'done' ? 'Replace file' : 'Choose file';
  return (
    <Input.Wrapper
      label={label}
      labelProps={required ? requiredLabelProps : {}}
      error={shownError}
      description={`JPEG, PNG or PDF, up to ${MAX_KB} KB`}
    >
      <Stack gap={6} mt={6}>
        <Group gap="sm">
          <FileButton onChange={(file) => void send(file)} accept={KYC_FILE_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<Icon name="upload" size={16} />}
                loading={state.status === 'uploading'}
                aria-label={`${buttonText}: ${label}`}
              >
                {buttonText}
              </Button>
            )}
          </FileButton>
          {state.status === 'done' && (
            <Group gap={4} c="teal">
              <Icon name="check" size={16} />
              <Text size="sm">{state.fileName}</Text>
            </Group>
          )}
        </Group>
        {state.status === 'uploading' && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Uploading {state.fileName}… {state.percent}%
            </Text>
            <Progress value={state.percent} size="sm" aria-label={`Upload progress of ${label}`} />
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
