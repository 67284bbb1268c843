// The auth group under /auth (spec 1 section 2). The KYC form needs the session of the step
// before it; the other screens are open.
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { RequireSession } from '../guards/require-session.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { lazyPage } from '../lazy-page.ts';
import { AUTH_PATHS, authChild } from '../../lib/paths.ts';

const SendOtp = lazyPage(() => import('../../features/auth/pages/send-otp-page.tsx'), 'SendOtpPage');
const VerifyOtp = lazyPage(() => import('../../features/auth/pages/verify-otp-page.tsx'), 'VerifyOtpPage');
const Signup = lazyPage(() => import('../../features/auth/pages/signup-page.tsx'), 'SignupPage');
const Login = lazyPage(() => import('../../features/auth/pages/login-page.tsx'), 'LoginPage');
const ForgetPassword = lazyPage(() => import('../../features/auth/pages/forget-password-page.tsx'), 'ForgetPasswordPage');
const SetPasscode = lazyPage(() => import('../../features/auth/pages/set-passcode-page.tsx'), 'SetPasscodePage');
const PasscodeLogin = lazyPage(() => import('../../features/auth/pages/passcode-login-page.tsx'), 'PasscodeLoginPage');
const VerifyEmailGeneral = lazyPage(() => import('../../features/auth/pages/verify-email-general-page.tsx'), 'VerifyEmailGeneralPage');
const ResetPassword = lazyPage(() => import('../../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage');
const ResetPin = lazyPage(() => import('../../features/auth/pages/reset-pin-page.tsx'), 'ResetPinPage');
const UserInput = lazyPage(() => import('../../features/kyc/pages/user-input-page.tsx'), 'UserInputPage');

export const authRoutes: RouteObject = {
  path: 'auth',
  element: <AuthLayout />,
  children: [
    { index: true, element: <Navigate to={AUTH_PATHS.sendOtp} replace /> },
    { path: authChild(AUTH_PATHS.sendOtp), element: <SendOtp /> },
    { path: authChild(AUTH_PATHS.verifyOtp), element: <VerifyOtp /> },
    { path: authChild(AUTH_PATHS.signup), element: <Signup /> },
    { path: authChild(AUTH_PATHS.login), element: <Login /> },
    { path: authChild(AUTH_PATHS.forgetPassword), element: <ForgetPassword /> },
    { path: authChild(AUTH_PATHS.setPasscode), element: <SetPasscode /> },
    { path: authChild(AUTH_PATHS.passcodeLogin), element: <PasscodeLogin /> },
    { path: authChild(AUTH_PATHS.verifyEmailGeneral), element: <VerifyEmailGeneral /> },
    { path: authChild(AUTH_PATHS.resetPassword), element: <ResetPassword /> },
    { path: authChild(AUTH_PATHS.resetPin), element: <ResetPin /> },
    {
      path: authChild(AUTH_PATHS.userInput),
      element: (
        <RequireSession>
          <UserInput />
        </RequireSession>
      ),
    },
  ],
};
