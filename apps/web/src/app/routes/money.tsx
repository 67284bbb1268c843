// The consumer money areas (spec 1 screens 12-19), each behind its menu feature; each screen is
// its own chunk.
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.ts';
import { appChild, CONSUMER_PATHS } from '../../lib/paths.ts';
import { featureGroup } from './feature-group.tsx';

const SendMoney = lazyPage(() => import('../../features/send-money/pages/send-money-page.tsx'), 'SendMoneyPage');
const SendMoneyInitiate = lazyPage(() => import('../../features/send-money/pages/send-money-initiate-page.tsx'), 'SendMoneyInitiatePage');
const SendMoneyConfirm = lazyPage(() => import('../../features/send-money/pages/send-money-confirm-page.tsx'), 'SendMoneyConfirmPage');
const RequestMoney = lazyPage(() => import('../../features/request-money/pages/request-money-page.tsx'), 'RequestMoneyPage');
const RequestMoneyInitiate = lazyPage(
  () => import('../../features/request-money/pages/request-money-initiate-page.tsx'),
  'RequestMoneyInitiatePage',
);
const RequestPay = lazyPage(() => import('../../features/request-money/pages/request-pay-page.tsx'), 'RequestPayPage');
const RequestPayConfirm = lazyPage(
  () => import('../../features/request-money/pages/request-pay-confirm-page.tsx'),
  'RequestPayConfirmPage',
);
const DepositMoney = lazyPage(() => import('../../features/deposit/pages/deposit-money-page.tsx'), 'DepositMoneyPage');
const DepositInitiate = lazyPage(() => import('../../features/deposit/pages/deposit-initiate-page.tsx'), 'DepositInitiatePage');

export const moneyRoutes: RouteObject[] = [
  featureGroup('send-money', [
    { path: appChild(CONSUMER_PATHS.sendMoney), element: <SendMoney /> },
    { path: appChild(CONSUMER_PATHS.sendMoneyInitiate), element: <SendMoneyInitiate /> },
    { path: appChild(CONSUMER_PATHS.sendMoneyConfirm), element: <SendMoneyConfirm /> },
  ]),
  featureGroup('request-money', [
    { path: appChild(CONSUMER_PATHS.requestMoney), element: <RequestMoney /> },
    { path: appChild(CONSUMER_PATHS.requestMoneyInitiate), element: <RequestMoneyInitiate /> },
    { path: appChild(CONSUMER_PATHS.requestMoneyPay), element: <RequestPay /> },
    { path: appChild(CONSUMER_PATHS.requestMoneyPayConfirm), element: <RequestPayConfirm /> },
  ]),
  featureGroup('deposit-money', [
    { path: appChild(CONSUMER_PATHS.depositMoney), element: <DepositMoney /> },
    { path: appChild(CONSUMER_PATHS.depositMoneyInitiate), element: <DepositInitiate /> },
  ]),
];
