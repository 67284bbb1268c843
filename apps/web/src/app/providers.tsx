import type { CSSProperties, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/toaster.tsx';
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast.ts';
import { queryClient } from './query-client.ts';
import { AppConfigLoader } from './app-config-loader.tsx';
import { HEADER_HEIGHT_PX } from '../components/shell-metrics.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import './toasts.css';

/** The gap between the top bar and a toast. */
const TOAST_GAP_PX = 8;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* One at a time, 2 s, top right below the top bar (lib/toast.ts, app/toasts.css). */}
      <Toaster
        position="top-right"
        limit={1}
        autoClose={TOAST_AUTO_CLOSE_MS}
        zIndex={3000}
        style={{ '--toasts-top-offset': `${HEADER_HEIGHT_PX + TOAST_GAP_PX}px` } as CSSProperties}
      />
      <QueryClientProvider client={queryClient}>
        <AppConfigLoader>{children}</AppConfigLoader>
      </QueryClientProvider>
    </MantineProvider>
  );
}
