// Fixed texts the screens show (spec 1 sections 2 and 8), spelt once.
export const TEXTS = {
  anError: 'An error occurred',
  networkError: '👋 An error occurred',
  loggedOut: 'You Are logged Out From The System',
  logoutConfirm: 'Are you sure you want to logout?',
  noData: 'No data available',
  noDetails: 'No Details Available',
  processing: 'Please wait while your request is being processed...',
  loggedInByAdmin: 'Logged In By Admin',
  success: 'Success!',
  transactionCompleted: 'Your transaction has been completed successfully',
  pleaseWait: 'Please Wait',
  changeStatusTitle: 'Change Status',
  changeStatusConfirm: 'Are you sure to change the status?',
  textCopied: 'Text Copied',
  copyFailed: 'Error Could not Copy',
} as const;

// ---- POS devices (issue 9) ----
export const POS_TEXTS = {
  resetPasswordTitle: 'Reset Password',
  resetPasswordConfirm: 'Are you sure to reset password?',
  newPasswordTitle: 'New Device Password',
  newPasswordNotice: 'This password is shown only once. Copy it now and give it to the staff member.',
  terminalConfigurationTitle: 'Terminal Configuration',
  noPosChannel: 'No POS channel yet. A POS device is registered on a POS channel of one of your stores.',
} as const;
