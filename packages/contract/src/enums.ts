export const USER_STATUS = { PENDING: 0, ACTIVE: 1, INACTIVE: 2, SUSPENDED: 3 } as const;
export const USER_STATUS_LABEL: Record<number, string> = {
  0: 'Pending',
  1: 'Active',
  2: 'Inactive',
  3: 'Suspended',
};

/** Reset type kept by the client between verify-email-general and the reset screens. */
export const RESET_TYPE = { PASSWORD: 1, PASSCODE: 2 } as const;

/** DECISIONS 1: 0 ordinary wallet, 1 default wallet, 2 the merchant's rolling-reserve wallet. */
export const WALLET_KIND = { ORDINARY: 0, DEFAULT: 1, ROLLING_RESERVE: 2 } as const;

export const KYC_INPUT_TYPES = ['text', 'checkbox', 'radio', 'file'] as const;
export type TKycInputType = (typeof KYC_INPUT_TYPES)[number];

/** The kinds of account: consumers and merchants (sign-up type is always merchant in the spec). */
export const USER_TYPES = ['merchant', 'consumer'] as const;
export type TUserType = (typeof USER_TYPES)[number];

export const TEXTS = {
  anError: 'An error occurred',
  networkError: '👋 An error occurred',
  loggedOut: 'You Are logged Out From The System',
  logoutConfirm: 'Are you sure you want to logout?',
  noData: 'No data available',
  processing: 'Please wait while you request is being processed...',
  loggedInByAdmin: 'Logged In By Admin',
  success: 'Success!',
  transactionCompleted: 'Your transaction has been completed successfully',
  pleaseWait: 'Please Wait',
} as const;
