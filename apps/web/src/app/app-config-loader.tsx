// Reads the deployment's display settings once (DECISIONS 16: decimals shown for amounts and
// for fees and VAT) and applies them; screens render meanwhile with the default of 2 and
// re-render when the settings arrive. A failure keeps the defaults quietly.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getAppConfigCall } from '@paywallet/contract';
import { call } from '../api/client.ts';
import { configureShownDecimals } from '../lib/money.ts';

export function AppConfigLoader({ children }: { children: ReactNode }) {
  useQuery({
    queryKey: ['app-config'],
    queryFn: async ({ signal }) => {
      const config = await call(getAppConfigCall, {}, { signal, errorToast: false, successToast: false });
      configureShownDecimals(config);
      return config;
    },
    staleTime: Infinity,
    retry: 1,
  });
  return <>{children}</>;
}
