import { adminCheckLedgerHealthCall, adminGetLedgerHealthCall } from '@paywallet/contract';
import type { Dispatcher } from '../../transport/dispatcher.ts';
import type { Deps } from '../../deps.ts';
import { checkLedgerHealthNow, getLedgerHealth } from './ledger-health.service.ts';

// The console's Ledger health page (administrators only): the state now, and "Check now".
export function registerLedgerHealthCalls(dispatcher: Dispatcher, deps: Deps): void {
  dispatcher.register(adminGetLedgerHealthCall, async () => ({ data: await getLedgerHealth(deps) }));
  dispatcher.register(adminCheckLedgerHealthCall, async (_input, ctx) => {
    const data = await checkLedgerHealthNow(deps, ctx.scope.actorUserId, (trx, outcome) =>
      ctx.audit.record(trx, {
        subject: { type: 'ledger_health_check', id: outcome.checkId },
        detail: { breaches: outcome.breaches, newBreaches: outcome.newBreaches },
      }),
    );
    return {
      data,
      message:
        data.status === 'healthy'
          ? 'The ledger is healthy.'
          : `The check found ${data.check.breachesFound} breach${data.check.breachesFound === 1 ? '' : 'es'}.`,
    };
  });
}
