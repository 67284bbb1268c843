// Anything a route throws while rendering, including a screen's code failing to load
// (ChunkLoadError after a deploy or a lost connection).
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function isChunkLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : '';
  return /ChunkLoadError|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message);
}

export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const chunk = isChunkLoadFailure(error);
  const title = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunk
      ? 'This screen could not be loaded'
      : 'Something went wrong';
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {chunk
            ? 'Check your connection, then reload the page to get the latest version.'
            : 'Please reload the page. If it keeps happening, contact support.'}
        </Text>
        <Button onClick={() => window.location.reload()} mt="sm">
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
