// The `customerId` route parameter of login, set-passcode and passcode-login (spec 1 section 2):
// the account a sign-in step is for. A password-stage session held for another account must not
// take this account's passcode, so such a screen asks the user to sign in again instead.
import { useSearchParams } from 'react-router-dom';
import { idParam } from '../../../lib/paths.ts';
import { useLocalState } from '../../../hooks/use-local-state.ts';

export interface RouteCustomer {
  /** The account the route names, if it names one. */
  customerId: number | undefined;
  /** The held sign-in (its stored customerId) belongs to another account than the route names. */
  otherAccountHeld: boolean;
}

export function useRouteCustomer(): RouteCustomer {
  const [params] = useSearchParams();
  const stored = useLocalState('customerId');
  const customerId = idParam(params.get('customerId'));
  return { customerId, otherAccountHeld: customerId !== undefined && stored !== undefined && stored !== customerId };
}
