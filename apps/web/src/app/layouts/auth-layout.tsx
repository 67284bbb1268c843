// The auth screens: the product and its taglines on the left, the screen on the right. The
// screen is the page's main landmark and its title the page's one h1 (AuthCard); the panel
// beside it is complementary, so its slogan is large text, not a second h1.
import { Suspense } from 'react';
import { Box, Flex, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { Icon } from '../../components/icons.tsx';
import { LoadingState } from '../../components/query-states.tsx';

const TAGLINES = [
  { title: 'Easy payment processing', text: 'Accept and settle payments from one simple back-office.' },
  { title: 'Card payments', text: 'Take card payments online and in store, with 3-D Secure built in.' },
  { title: 'Recurring payments', text: 'Bill your customers on a schedule without chasing them.' },
  { title: 'QR payments', text: 'Let customers pay in seconds by scanning a code.' },
];

function MarketingPanel() {
  return (
    <Box
      component="aside"
      aria-label="About PayWallet"
      visibleFrom="md"
      w="44%"
      p={48}
      style={{
        background: 'linear-gradient(160deg, var(--mantine-color-blue-8) 0%, var(--mantine-color-indigo-9) 100%)',
        color: 'white',
      }}
    >
      <Stack h="100%" justify="space-between">
        <BrandLogo inverted size="xl" />
        <Stack gap="xl">
          <Text c="white" fz={36} fw={650} lh={1.2}>
            Payments made simple for your business.
          </Text>
          <List
            spacing="lg"
            center
            icon={
              <ThemeIcon variant="white" radius="xl" size={28}>
                <Icon name="check" size={16} />
              </ThemeIcon>
            }
          >
            {TAGLINES.map((tagline) => (
              <List.Item key={tagline.title}>
                <Text fw={600} c="white">
                  {tagline.title}
                </Text>
                <Text size="sm" c="blue.1">
                  {tagline.text}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="xs" c="blue.2">
          © {new Date().getFullYear()} PayWallet
        </Text>
      </Stack>
    </Box>
  );
}

export function AuthLayout() {
  return (
    <Flex mih="100vh" bg="gray.0">
      <MarketingPanel />
      <Flex component="main" flex={1} align="center" justify="center" p={{ base: 'md', sm: 'xl' }}>
        <Stack w="100%" maw={480} gap="lg">
          <Box hiddenFrom="md">
            <BrandLogo />
          </Box>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }}>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </Paper>
          <Text hiddenFrom="md" size="xs" c="dimmed" ta="center">
            {TAGLINES.map((tagline) => tagline.title).join(' · ')}
          </Text>
        </Stack>
      </Flex>
    </Flex>
  );
}
