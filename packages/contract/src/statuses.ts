// Every status and kind enum of the API, in one place: the server writes these numbers and
// the screens read them, so both import them from here and never compare bare literals.

/** A user's account status (spec 1 section 3). */
export const USER_STATUS = { PENDING: 0, ACTIVE: 1, INACTIVE: 2, SUSPENDED: 3 } as const;
export type TUserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];
/** Indexed by the number a row holds; every status has its label. */
export const USER_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Pending',
  1: 'Active',
  2: 'Inactive',
  3: 'Suspended',
} satisfies Record<TUserStatus, string>;
/** Inactive and suspended accounts cannot sign in, and cannot send or receive money. */
export function isBlockedUserStatus(status: number): boolean {
  return status === USER_STATUS.INACTIVE || status === USER_STATUS.SUSPENDED;
}

/** Identity verification: not submitted, submitted (under review), approved, rejected. */
export const KYC_STATUS = { NONE: 0, SUBMITTED: 1, APPROVED: 2, REJECTED: 3 } as const;
export type TKycStatus = (typeof KYC_STATUS)[keyof typeof KYC_STATUS];

/** DECISIONS 1: 0 ordinary wallet, 1 default wallet, 2 the merchant's rolling-reserve wallet. */
export const WALLET_KIND = { ORDINARY: 0, DEFAULT: 1, ROLLING_RESERVE: 2 } as const;
export type TWalletKind = (typeof WALLET_KIND)[keyof typeof WALLET_KIND];

/** A business transaction's status. */
export const TRANSACTION_STATUS = { PENDING: 0, SUCCESS: 1, FAILED: 2, EXPIRED: 3 } as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];
/** Indexed by the number a row holds; every status has its label. */
export const TRANSACTION_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Pending',
  1: 'Success',
  2: 'Failed',
  3: 'Expired',
} satisfies Record<TTransactionStatus, string>;

/** DECISIONS 2: the only settlement statuses the server emits. */
export const SETTLEMENT_STATUS = { PENDING: 0, INITIATED: 1, CANCELLED: 2, DONE: 3 } as const;
export type TSettlementStatus = (typeof SETTLEMENT_STATUS)[keyof typeof SETTLEMENT_STATUS];
/** Indexed by the number a row holds; every status has its label. */
export const SETTLEMENT_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Pending',
  1: 'Initiated',
  2: 'Cancelled',
  3: 'Done',
} satisfies Record<TSettlementStatus, string>;

/** A money request: PENDING is the only state that changes. */
export const MONEY_REQUEST_STATUS = ['PENDING', 'CANCELED', 'ACCEPTED', 'REJECTED'] as const;
export type TMoneyRequestStatus = (typeof MONEY_REQUEST_STATUS)[number];
export const MONEY_REQUEST_STATUS_LABEL: Record<TMoneyRequestStatus, string> = {
  PENDING: 'Pending',
  CANCELED: 'Canceled',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};

/** A card payment waiting for its 3-D Secure answer, and how it ended. */
export const CARD_PAYMENT_STATE = ['challenge', 'approved', 'declined', 'expired'] as const;
export type TCardPaymentState = (typeof CARD_PAYMENT_STATE)[number];

/** Store status (spec 3 section 4). */
export const STORE_STATUS = { DEACTIVE: 0, ACTIVE: 1, REQUEST_FOR_CHANGES: 2, PENDING_APPROVAL: 3, DRAFT: 4 } as const;
export type TStoreStatus = (typeof STORE_STATUS)[keyof typeof STORE_STATUS];
/** Indexed by the number a row holds; every status has its label. */
export const STORE_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Deactive',
  1: 'Active',
  2: 'Request For Changes',
  3: 'Pending Approval',
  4: 'Draft',
} satisfies Record<TStoreStatus, string>;

/** A channel takes payments online (payment links and the merchant API) or at a POS device. */
export const CHANNEL_TYPE = ['online', 'pos'] as const;
export type TChannelType = (typeof CHANNEL_TYPE)[number];

/** Reset type kept by the client between verify-email-general and the reset screens. */
export const RESET_TYPE = { PASSWORD: 1, PASSCODE: 2 } as const;
export type TResetType = (typeof RESET_TYPE)[keyof typeof RESET_TYPE];

/** The kinds of account. Sign-up always makes a merchant; consumers and administrators are made otherwise. */
export const USER_TYPES = ['merchant', 'consumer', 'admin'] as const;
export type TUserType = (typeof USER_TYPES)[number];

export const KYC_INPUT_TYPES = ['text', 'checkbox', 'radio', 'file'] as const;
export type TKycInputType = (typeof KYC_INPUT_TYPES)[number];

// ---- POS devices (issue 9) ----
/** POS device status (spec 3 section 4). */
export const POS_DEVICE_STATUS = { INACTIVE: 0, ACTIVE: 1 } as const;
export type TPosDeviceStatus = (typeof POS_DEVICE_STATUS)[keyof typeof POS_DEVICE_STATUS];
/** Indexed by the number a row holds; every status has its label. */
export const POS_DEVICE_STATUS_LABEL: Readonly<Record<number, string>> = {
  0: 'Inactive',
  1: 'Active',
} satisfies Record<TPosDeviceStatus, string>;

// ---- channels, refunds, API payments, notification switches (issue 14) ----
/** A channel (an online shop, a POS lane) takes payments only while it is active (spec 3 section 4). */
export const CHANNEL_STATUS = { INACTIVE: 0, ACTIVE: 1 } as const;
export type TChannelStatus = (typeof CHANNEL_STATUS)[keyof typeof CHANNEL_STATUS];

/**
 * A refund request (spec 2, 'Refund request'). A refund through the API or a device is written
 * Initiated and becomes Processed in the same request (DECISIONS 32); only Pending and Initiated
 * ones still count against what a payment has left to refund.
 */
export const REFUND_REQUEST_STATUS = { PENDING: 0, INITIATED: 1, PROCESSED: 2, CANCELED: 3, REJECTED: 4 } as const;
export type TRefundRequestStatus = (typeof REFUND_REQUEST_STATUS)[keyof typeof REFUND_REQUEST_STATUS];

/**
 * An API payment's row status, as the back office lists it (spec 2 section 4); a hosted one not
 * paid in time reads Expired. The merchant API itself answers the payment's state in words
 * (TApiPaymentStatus: 'requires_action', 'succeeded'...).
 */
export const API_PAYMENT_STATUS = { INITIATED: 1, PAID: 2, EXPIRED: 3, FAILED: 4 } as const;
export type TApiPaymentRowStatus = (typeof API_PAYMENT_STATUS)[keyof typeof API_PAYMENT_STATUS];
/** Indexed by the number a row holds; every status has its label. */
export const API_PAYMENT_STATUS_LABEL: Readonly<Record<number, string>> = {
  1: 'Initiated',
  2: 'Paid',
  3: 'Expired',
  4: 'Failed',
} satisfies Record<TApiPaymentRowStatus, string>;

/** A switch of the notification settings (SMS, e-mail): the merchant is told that way only when on. */
export const NOTIFICATION_SWITCH = { OFF: 0, ON: 1 } as const;
export type TNotificationSwitch = (typeof NOTIFICATION_SWITCH)[keyof typeof NOTIFICATION_SWITCH];

/** A transaction's type (transaction_type_id): the ledger's numbering, for screens that single one out. */
export { TransactionType } from '@paywallet/ledger';
