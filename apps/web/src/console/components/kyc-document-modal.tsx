// A KYC submission's document in a modal, so that the operator sees it before deciding. The
// bytes are read only when the modal opens (admin/get-kyc-file, as store onboarding reads an
// owner's document) and kept for the session; a PDF, which an <img> cannot show, is offered
// as a download instead.
import { Alert, Anchor, Button, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminGetKycFileCall } from '@paywallet/contract';
import { call } from '../../api/client.ts';

export interface KycDocument {
  fileId: number;
  fileName: string;
  mimeType: string;
  /** The name of the form's input the file answers. */
  inputName: string;
}

export function KycDocumentModal({ document, onClose }: { document: KycDocument | null; onClose: () => void }) {
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={document ? `${document.inputName}: ${document.fileName}` : 'Document'}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {document && <DocumentView document={document} />}
    </Modal>
  );
}

function DocumentView({ document }: { document: KycDocument }) {
  const file = useQuery({
    queryKey: ['console-kyc-file', document.fileId],
    queryFn: ({ signal }) => call(adminGetKycFileCall, { fileId: document.fileId }, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  if (file.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the document" />
      </Center>
    );
  }
  if (file.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" w="100%">
          The document could not be loaded.
        </Alert>
        <Button variant="light" size="xs" onClick={() => void file.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const { data } = file;
  if (!data.mimeType.startsWith('image/')) {
    return (
      <Text size="sm">
        This document cannot be shown here.{' '}
        <Anchor href={data.file} download={data.fileName}>
          Download {data.fileName}
        </Anchor>
      </Text>
    );
  }
  return <Image src={data.file} alt={`${document.inputName}: ${document.fileName}`} fit="contain" mah="70vh" />;
}
