// The route table of the spec (spec 1 section 2): the auth group under /auth, the app under
// /app with the dashboard as its home.
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { HomeRedirect } from './guards/home-redirect.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

const auth = {
  SendOtp: lazyPage(() => import('../features/auth/pages/send-otp-page.tsx'), 'SendOtpPage'),
  VerifyOtp: lazyPage(() => import('../features/auth/pages/verify-otp-page.tsx'), 'VerifyOtpPage'),
  Signup: lazyPage(() => import('../features/auth/pages/signup-page.tsx'), 'SignupPage'),
  Login: lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage'),
  ForgetPassword: lazyPage(() => import('../features/auth/pages/forget-password-page.tsx'), 'ForgetPasswordPage'),
  SetPasscode: lazyPage(() => import('../features/auth/pages/set-passcode-page.tsx'), 'SetPasscodePage'),
  PasscodeLogin: lazyPage(() => import('../features/auth/pages/passcode-login-page.tsx'), 'PasscodeLoginPage'),
  VerifyEmailGeneral: lazyPage(() => import('../features/auth/pages/verify-email-general-page.tsx'), 'VerifyEmailGeneralPage'),
  ResetPassword: lazyPage(() => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage'),
  ResetPin: lazyPage(() => import('../features/auth/pages/reset-pin-page.tsx'), 'ResetPinPage'),
};
const UserInput = lazyPage(() => import('../features/kyc/pages/user-input-page.tsx'), 'UserInputPage');
const AppLayout = lazyPage(() => import('./layouts/app-layout.tsx'), 'AppLayout');
const Dashboard = lazyPage(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage');
const Profile = lazyPage(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage');
// The consumer money areas (spec 1 screens 12-20); each screen is its own chunk.
const money = {
  SendMoney: lazyPage(() => import('../features/send-money/pages/send-money-page.tsx'), 'SendMoneyPage'),
  SendMoneyInitiate: lazyPage(() => import('../features/send-money/pages/send-money-initiate-page.tsx'), 'SendMoneyInitiatePage'),
  SendMoneyConfirm: lazyPage(() => import('../features/send-money/pages/send-money-confirm-page.tsx'), 'SendMoneyConfirmPage'),
  RequestMoney: lazyPage(() => import('../features/request-money/pages/request-money-page.tsx'), 'RequestMoneyPage'),
  RequestMoneyInitiate: lazyPage(() => import('../features/request-money/pages/request-money-initiate-page.tsx'), 'RequestMoneyInitiatePage'),
  RequestPay: lazyPage(() => import('../features/request-money/pages/request-pay-page.tsx'), 'RequestPayPage'),
  RequestPayConfirm: lazyPage(() => import('../features/request-money/pages/request-pay-confirm-page.tsx'), 'RequestPayConfirmPage'),
  DepositMoney: lazyPage(() => import('../features/deposit/pages/deposit-money-page.tsx'), 'DepositMoneyPage'),
  DepositInitiate: lazyPage(() => import('../features/deposit/pages/deposit-initiate-page.tsx'), 'DepositInitiatePage'),
  Transactions: lazyPage(() => import('../features/transactions/pages/transactions-page.tsx'), 'TransactionsPage'),
  TransactionDetails: lazyPage(() => import('../features/transactions/pages/transaction-details-page.tsx'), 'TransactionDetailsPage'),
};
const FeaturePlaceholder = lazyPage(() => import('../features/shell/pages/feature-placeholder-page.tsx'), 'FeaturePlaceholderPage');

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to="send-otp" replace /> },
          { path: 'send-otp', element: <auth.SendOtp /> },
          { path: 'verify-otp', element: <auth.VerifyOtp /> },
          { path: 'signup', element: <auth.Signup /> },
          { path: 'login', element: <auth.Login /> },
          { path: 'forget-password', element: <auth.ForgetPassword /> },
          { path: 'set-passcode', element: <auth.SetPasscode /> },
          { path: 'passcode-login', element: <auth.PasscodeLogin /> },
          { path: 'verify-email-general', element: <auth.VerifyEmailGeneral /> },
          { path: 'reset-password', element: <auth.ResetPassword /> },
          { path: 'reset-pin', element: <auth.ResetPin /> },
          {
            path: 'user-input',
            element: (
              <RequireSession>
                <UserInput />
              </RequireSession>
            ),
          },
        ],
      },
      {
        path: 'app',
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Dashboard /> },
          { path: 'profile', element: <Profile /> },
          { path: 'send-money', element: <money.SendMoney /> },
          { path: 'send-money/initiate', element: <money.SendMoneyInitiate /> },
          { path: 'send-money/confirm', element: <money.SendMoneyConfirm /> },
          { path: 'request-money', element: <money.RequestMoney /> },
          { path: 'request-money/initiate', element: <money.RequestMoneyInitiate /> },
          { path: 'request-money/pay', element: <money.RequestPay /> },
          { path: 'request-money/pay/confirm', element: <money.RequestPayConfirm /> },
          { path: 'deposit-money', element: <money.DepositMoney /> },
          { path: 'deposit-money/initiate', element: <money.DepositInitiate /> },
          { path: 'transactions', element: <money.Transactions /> },
          { path: 'transactions/details/:uuid', element: <money.TransactionDetails /> },
          { path: '*', element: <FeaturePlaceholder /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
