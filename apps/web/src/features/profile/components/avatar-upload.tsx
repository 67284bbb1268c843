// The profile picture with its upload: a jpeg, png or webp up to the server's cap. The file is
// checked here for a quick answer; the server reads its type from the bytes and has the last word.
import { useRef, useState } from 'react';
import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { Icon } from '../../../components/icons.tsx';
import { PICTURE_ACCEPT, PICTURE_MAX_KB, useUpdateProfilePicture } from '../api/profile-calls.ts';

export function AvatarUpload({ avatar, initials, name }: { avatar: string | null; initials: string; name: string }) {
  const update = useUpdateProfilePicture();
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const choose = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    if (!PICTURE_ACCEPT.split(',').includes(file.type)) {
      setProblem('Only jpeg, png and webp pictures are allowed');
      return;
    }
    if (file.size > PICTURE_MAX_KB * 1024) {
      setProblem(`The picture may not be greater than ${PICTURE_MAX_KB} kilobytes.`);
      return;
    }
    setProblem(null);
    update.mutate(file, { onError: (error) => setProblem(error.message) });
  };
  return (
    <Stack gap={6} align="center">
      <Avatar src={avatar ?? undefined} size={96} radius={96} color="blue" alt={`Profile picture of ${name}`}>
        {initials}
      </Avatar>
      <FileButton onChange={choose} accept={PICTURE_ACCEPT} resetRef={resetRef}>
        {(props) => (
          <Button {...props} size="xs" variant="light" leftSection={<Icon name="upload" size={14} />} loading={update.isPending}>
            Upload Picture
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed" ta="center">
        JPEG, PNG or WebP, up to {PICTURE_MAX_KB} KB
      </Text>
      {problem && (
        <Text size="xs" c="red.8" role="alert" ta="center">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
