// A document in a modal, so that the operator sees it before deciding: a KYC submission's file
// (admin/get-kyc-file) or a store owner's identity document (admin/get-store-owner-file). The
// bytes are read only when the modal opens, each read audited by the server, and kept for the
// session; a PDF, which an <img> cannot show, is offered as a download instead.
import { Alert, Anchor, Button, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminGetKycFileCall, adminGetStoreOwnerFileCall } from '@paywallet/contract';
import { call } from '../../api/client.ts';

export interface KycDocument {
  fileId: number;
  fileName: string;
  mimeType: string;
  /** The name of the form's input the file answers (or the owner's name). */
  inputName: string;
  /** Whose document: a KYC file (the default) or a store owner's, by the owner's id in fileId. */
  kind?: 'kyc' | 'store-owner';
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
    queryKey: ['console-file', document.kind ?? 'kyc', document.fileId],
    queryFn: ({ signal }) =>
      document.kind === 'store-owner'
        ? call(adminGetStoreOwnerFileCall, { ownerId: document.fileId }, { signal })
        : call(adminGetKycFileCall, { fileId: document.fileId }, { signal }),
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
