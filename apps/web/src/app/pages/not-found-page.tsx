import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={64} fw={800} c="blue.6" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist.</Text>
        <Button component={Link} to="/" mt="sm">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
