import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast.ts';
import { queryClient } from './query-client.ts';
import { AppConfigLoader } from './app-config-loader.tsx';
import { theme } from './theme.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={1} autoClose={TOAST_AUTO_CLOSE_MS} zIndex={3000} />
      <QueryClientProvider client={queryClient}>
        <AppConfigLoader>{children}</AppConfigLoader>
      </QueryClientProvider>
    </MantineProvider>
  );
}
