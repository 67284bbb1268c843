import { getAppConfigCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';

export function registerAppConfigCalls(dispatcher: Dispatcher, deps: Deps): void {
  const { amountDecimalPlaces, feesDecimalPlaces, vatBps, supportEmail } = deps.config;
  dispatcher.register(getAppConfigCall, async () => ({ data: { amountDecimalPlaces, feesDecimalPlaces, vatBps, supportEmail } }));
}
