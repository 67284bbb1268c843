// Every expected failure of the API, named once: its HTTP status and the message the user
// reads. The server fails with a name (`fail('WALLET_NOT_FOUND')`); the wire carries
// `{ code: status, reason: name, message, data }`, so clients and tests can tell refusals
// apart by name rather than by their words. Messages that need values take them as
// parameters; amounts arrive already formatted.

type Message<P> = string | ((params: P) => string);

interface ErrorEntry<P = never> {
  status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;
  message: Message<P>;
}

const fixed = (status: ErrorEntry['status'], message: string): ErrorEntry => ({ status, message });
function withParams<P>(status: ErrorEntry['status'], message: (params: P) => string): ErrorEntry<P> {
  return { status, message };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const ERRORS = {
  // ---- the transport and the dispatcher --------------------------------------------------
  /** A body that is not JSON, a tampered envelope, a broken multipart body. */
  MALFORMED_REQUEST: fixed(400, 'The request could not be read.'),
  /** The request does not pass its schema: `message` is the first problem, `data.errors` all of them. */
  VALIDATION_FAILED: withParams<{ first: string }>(400, (p) => p.first),
  /** A body over the server's limit (a JSON body, an envelope, an uploaded file): a 400 like any input it cannot take. */
  BODY_TOO_LARGE: fixed(400, 'The request is too large. Please send less data or a smaller file.'),
  CALL_NOT_FOUND: fixed(404, 'Not found.'),
  UNAUTHENTICATED: fixed(401, 'Unauthenticated.'),
  SESSION_ENDED: fixed(401, 'Your session has ended. Please sign in again.'),
  PASSCODE_REQUIRED: fixed(401, 'Please enter your passcode to continue.'),
  /** The call is not for this kind of account (a consumer calling a merchant call). */
  AUDIENCE_NOT_ALLOWED: fixed(403, 'You are not allowed to do this.'),
  /** A staff member calling a call of a feature the merchant has not granted them. */
  FEATURE_NOT_GRANTED: fixed(403, 'You do not have access to this feature. Ask the account owner to grant it.'),
  INTERNAL_ERROR: fixed(500, 'Something went wrong on our side. Please try again.'),

  // ---- sign-in ---------------------------------------------------------------------------
  BOT_CHECK_FAILED: fixed(400, 'The bot check failed. Please reload the page and try again.'),
  CODE_RESEND_TOO_SOON: fixed(429, 'Please wait a few seconds before asking for another code.'),
  TOO_MANY_CODES: fixed(429, 'Too many codes requested. Please try again later.'),
  TOO_MANY_SIGN_IN_ATTEMPTS: fixed(429, 'Too many sign-in attempts. Please try again later.'),
  OTP_INVALID: fixed(422, 'The code is invalid or has expired. Please request a new one.'),
  OTP_WRONG: fixed(422, 'The code is incorrect.'),
  OTP_BURNED: fixed(422, 'Too many wrong codes. Please request a new one.'),
  /** A phone typed in place of the e-mail (DECISIONS 26) that no account holds. */
  PHONE_NOT_REGISTERED: fixed(422, 'No account uses this phone number. Please sign in with your e-mail address.'),
  EMAIL_NOT_PROVEN: fixed(422, 'Please verify your e-mail with the one-time code first.'),
  EMAIL_TAKEN: fixed(409, 'The email has already been taken.'),
  PHONE_TAKEN: fixed(409, 'The phone has already been taken.'),
  EMAIL_OR_PHONE_TAKEN: fixed(409, 'The email or phone has already been taken.'),
  BAD_CREDENTIALS: fixed(422, 'These credentials do not match our records.'),
  ACCOUNT_INACTIVE: fixed(403, 'Your account is not active. Please contact support.'),
  PASSCODE_ALREADY_SET: fixed(409, 'A passcode is already set. Use Reset Pin to change it.'),
  PASSCODE_NOT_SET: fixed(422, 'Please set your passcode first.'),
  PASSCODE_INCORRECT: withParams<{ attemptsLeft: number }>(
    422,
    (p) => `The passcode is incorrect. ${plural(p.attemptsLeft, 'attempt', 'attempts')} left.`,
  ),
  PASSCODE_LOCKED: fixed(403, 'Your passcode is locked after too many wrong attempts. Use Reset Pin to set a new one.'),

  // ---- identity verification -------------------------------------------------------------
  FILE_REQUIRED: fixed(400, 'The file field is required'),
  FILE_TOO_LARGE: withParams<{ maxKilobytes: number }>(400, (p) => `The file may not be greater than ${p.maxKilobytes} kilobytes.`),
  FILE_TYPE_NOT_ALLOWED: withParams<{ types: string }>(400, (p) => `The file must be a file of type: ${p.types}.`),
  KYC_INPUT_INVALID: fixed(400, 'The selected input is invalid.'),
  KYC_UNKNOWN_INPUT: fixed(400, 'The kyc contains an unknown input.'),
  KYC_ALREADY_SUBMITTED: fixed(409, 'Your verification has already been submitted.'),

  // ---- wallets, people, quotes -------------------------------------------------------------
  WALLET_NOT_FOUND: fixed(404, 'Wallet not found.'),
  RESERVE_WALLET_REFUSED: fixed(422, 'The rolling-reserve wallet cannot send or receive payments.'),
  INSUFFICIENT_FUNDS: fixed(422, 'Insufficient balance.'),
  /**
   * A posting key (docs/posting-keys.md) already names another movement: a retry that changed
   * what it moves, or two things settled under one key. Nothing is written.
   */
  POSTING_KEY_REUSED: fixed(409, 'This payment was already processed with different details. Nothing was changed.'),
  RECIPIENT_NOT_FOUND: fixed(404, 'No user found with this email or phone.'),
  RECIPIENT_INACTIVE: fixed(422, 'This account cannot take part in payments at the moment.'),
  SEND_TO_SELF: fixed(422, 'You cannot send money to yourself.'),
  REQUEST_FROM_SELF: fixed(422, 'You cannot request money from yourself.'),
  QUOTE_INVALID: fixed(422, 'This payment has expired or is not valid. Please start again.'),
  TRANSFER_NOT_AVAILABLE: withParams<{ currency: string }>(422, (p) => `Sending money in ${p.currency} is not available.`),
  METHOD_NOT_AVAILABLE: fixed(422, 'This mode of payment is not available for this account.'),

  // ---- limits of a priced payment (the ledger core's quote refusals, same names) ----------
  AMOUNT_NOT_POSITIVE: fixed(422, 'The amount must be greater than 0'),
  AMOUNT_BELOW_MINIMUM: withParams<{ minimum: string }>(422, (p) => `The minimum amount is ${p.minimum}`),
  AMOUNT_ABOVE_MAXIMUM: withParams<{ maximum: string | null }>(422, (p) =>
    p.maximum === null ? 'The amount is too large' : `The maximum amount is ${p.maximum}`,
  ),
  DAILY_LIMIT_EXCEEDED: withParams<{ limit: string; left: string }>(
    422,
    (p) => `This exceeds your daily limit of ${p.limit}. You can still use ${p.left} today.`,
  ),
  CHARGES_EXCEED_AMOUNT: fixed(422, 'The charges exceed the amount.'),

  // ---- money requests ----------------------------------------------------------------------
  REQUEST_NOT_FOUND: fixed(404, 'Request not found.'),
  REQUEST_NOT_PENDING: fixed(422, 'This request is no longer pending.'),
  REQUEST_OTHER_RECIPIENT: fixed(422, 'This request was sent by someone else: pay it to the person who asked.'),
  REQUEST_CURRENCY_MISMATCH: withParams<{ currency: string }>(
    422,
    (p) => `This request is in ${p.currency}: pay it from your ${p.currency} wallet.`,
  ),
  REQUEST_AMOUNT_MISMATCH: withParams<{ amount: string }>(422, (p) => `The amount must be the requested ${p.amount}.`),
  QUOTE_NOT_FOR_REQUEST: fixed(422, 'This payment does not belong to that request. Please start again.'),
  TOO_MANY_PENDING_REQUESTS: withParams<{ max: number }>(
    422,
    (p) => `You have ${p.max} pending requests. Cancel some before asking for more.`,
  ),
  CANCEL_NOT_PENDING: fixed(422, 'Only a pending request can be canceled.'),
  REJECT_NOT_PENDING: fixed(422, 'Only a pending request can be rejected.'),

  // ---- cards --------------------------------------------------------------------------------
  CARD_NUMBER_INVALID: fixed(422, 'The card number is invalid.'),
  CARD_EXPIRED: fixed(422, 'The card has expired.'),
  CVC_INVALID: fixed(422, 'The CVC is invalid.'),
  CARD_DECLINED: fixed(422, 'Your card was declined.'),
  CARD_INSUFFICIENT_FUNDS: fixed(422, 'Your card has insufficient funds.'),
  /** A deposit quote took its last declined card: the user starts the deposit again. */
  CARD_ATTEMPTS_EXHAUSTED: fixed(422, 'Too many cards were declined for this deposit. Please start the deposit again.'),

  // ---- transactions and lists ---------------------------------------------------------------
  TRANSACTION_NOT_FOUND: fixed(404, 'Transaction not found.'),
  STORE_NOT_FOUND: fixed(404, 'Store not found.'),
  TERMINAL_NOT_FOUND: fixed(404, 'Terminal not found.'),
  CHANNEL_NOT_FOUND: fixed(404, 'Channel not found.'),

  // ---- merchant staff and permissions ---------------------------------------------------------
  /** A staff member who is not Active (Pending, Inactive, Suspended) signing in. */
  STAFF_NOT_ACTIVE: fixed(403, 'Your staff account is not active. Please ask the account owner to activate it.'),
  /** No staff member of this merchant has the id (another merchant's staff, the main account). */
  STAFF_NOT_FOUND: fixed(404, 'Staff member not found.'),
  /** A staff member changing their own details, status or permissions. */
  STAFF_SELF_CHANGE: fixed(403, 'You cannot change your own staff details or permissions. Please ask the account owner.'),
  /** A feature id that is not a merchant feature of the catalogue. */
  FEATURE_UNKNOWN: fixed(422, 'The selected feature is invalid.'),
  /** A staff member granting a feature they do not hold themselves. */
  FEATURE_GRANT_NOT_ALLOWED: fixed(403, 'You can only grant features you have yourself.'),
  // ---- POS devices (issue 9) ----------------------------------------------------------------
  /** An unknown device, or another merchant's: the answer does not tell which. */
  POS_DEVICE_NOT_FOUND: fixed(404, 'POS device not found.'),
  POS_DEVICE_ID_TAKEN: fixed(409, 'The device id has already been taken.'),
  POS_CHANNEL_NOT_POS: fixed(422, 'The selected channel is not a POS channel.'),
  /** A staff id that is not a staff member of the merchant (or not assigned to the device). */
  POS_STAFF_NOT_FOUND: fixed(404, 'Staff member not found.'),
  POS_STAFF_NOT_ACTIVE: fixed(422, 'Only active staff members can be assigned to a device.'),
  /** Only the main account assigns (or unassigns) itself: the Main Account toggle. */
  POS_MAIN_ACCOUNT_OWNER_ONLY: fixed(403, 'Only the main account can assign itself to a device.'),
  /** An unknown assignment (pivot) id, or another merchant's. */
  POS_ASSIGNMENT_NOT_FOUND: fixed(404, 'Staff assignment not found.'),
  // ---- the operations console (issue 9) ------------------------------------------------------
  STORE_REVIEW_NOT_ALLOWED: withParams<{ from: string; to: string }>(422, (p) => `A store with status ${p.from} cannot be set to ${p.to}.`),
  KYC_NOT_AWAITING_REVIEW: fixed(422, 'This user has no identity verification awaiting review.'),
  USER_NOT_FOUND: fixed(404, 'User not found.'),
  MERCHANT_NOT_FOUND: fixed(404, 'Merchant not found.'),
  MERCHANT_BLOCKED: fixed(422, 'This merchant account is inactive or suspended: it cannot be logged in to.'),
  NOT_IMPERSONATING: fixed(403, 'This session is not an administrator logged in as a merchant.'),
  /** DECISIONS 52: a call of kind 'money' made by an administrator logged in as a merchant. */
  IMPERSONATION_CANNOT_MOVE_MONEY: fixed(
    403,
    'An administrator logged in as a merchant cannot move money. The merchant has to do this from their own account.',
  ),
  /** The passcode steps in an impersonation: they would test the merchant's passcode and outlive the administrator. */
  IMPERSONATION_CANNOT_SIGN_IN: fixed(403, 'An administrator logged in as a merchant cannot take the merchant’s passcode steps.'),
  /**
   * A sign-in that acts for the merchant (a staff account, a device password) made by an
   * administrator logged in as the merchant would let the administrator move money through it
   * later, past the rule above.
   */
  IMPERSONATION_CANNOT_CREATE_SIGN_INS: fixed(
    403,
    'An administrator logged in as a merchant cannot create sign-ins for the merchant (staff accounts, device passwords). The merchant has to do this from their own account.',
  ),
  // ---- live notifications (GET /api/events) ------------------------------------------------
  EVENTS_TICKET_INVALID: fixed(401, 'The events ticket is invalid, used or expired. Please ask for a new one.'),
  TOKEN_IN_URL: fixed(400, 'A session token may not travel in a URL. Send it in the accessToken header.'),
  /** One session or one user holds as many live streams as a person has any use for (LIVE_LIMITS). */
  TOO_MANY_STREAMS: fixed(429, 'Too many live connections are open for this account. Close another tab or window and try again.'),
  /** The node holds as many live streams as it can; the client retries later (or on another node). */
  SERVER_BUSY: fixed(503, 'The server is busy. Please try again later.'),
  // ---- stores and onboarding (issue 9) --------------------------------------------------------
  /** A store at Pending Approval (3): nothing of it changes until the review is done. */
  STORE_PENDING_APPROVAL: fixed(409, 'This store is pending approval and cannot be updated or submitted.'),
  /** An Active (1) or Deactive (0) store: its onboarding is closed; support changes it. */
  STORE_NOT_EDITABLE: fixed(409, 'This store has been reviewed and cannot be changed here. Please contact support to change it.'),
  STORE_OWNER_REQUIRED: fixed(422, 'Please add at least one owner before submitting the store for approval.'),
  STORE_OWNERS_LIMIT: withParams<{ max: number }>(422, (p) => `A store may have at most ${p.max} owners.`),
  OWNER_NOT_FOUND: fixed(404, 'Owner not found.'),
  OWNER_DOCUMENT_REQUIRED: fixed(400, 'The document field is required'),
  OWNER_DOCUMENT_TYPE: fixed(400, 'Only jpeg and png files are allowed'),
  OWNER_DOCUMENT_TOO_LARGE: fixed(400, 'File size should be less than 600KB'),
  FILE_NOT_FOUND: fixed(404, 'File not found.'),
  /** create-store with a reference another of the merchant's stores holds: that store is opened instead (issue 15). */
  STORE_REFERENCE_TAKEN: withParams<{ code: string }>(
    409,
    (p) => `The reference is already used by store ${p.code}. Open that store to continue its onboarding.`,
  ),
  /** delete-store: only a Draft (4) store, never submitted nor reviewed, can be deleted. */
  STORE_NOT_DELETABLE: fixed(409, 'Only a Draft store can be deleted.'),
  /** delete-store: a channel of the store holds devices, customers, links or payments, or the store has a review log. */
  STORE_IN_USE: fixed(409, 'This store is in use (devices, customers, links or payments) and cannot be deleted.'),

  // ---- merchant payments (issue 10, H1 core) --------------------------------------------------
  /** The channel is switched off (status 0). */
  CHANNEL_INACTIVE: fixed(422, 'This channel is not active and cannot take payments.'),
  /** The channel's store is not Active (draft, pending approval, sent back or deactivated). */
  STORE_NOT_ACTIVE: fixed(422, 'This store is not active and cannot take payments.'),
  /** An online channel for a POS payment, or a POS channel for a link or API payment. */
  CHANNEL_TYPE_MISMATCH: fixed(422, 'This channel cannot take this kind of payment.'),
  /** The merchant has no fee schedule in this currency. */
  CURRENCY_NOT_SUPPORTED: withParams<{ currency: string }>(422, (p) => `Payments in ${p.currency} are not available for this merchant.`),
  /** A card of a scheme the merchant has no fee schedule for (or an unknown brand). */
  CARD_SCHEME_NOT_SUPPORTED: fixed(422, 'This card type is not accepted.'),
  /** A card of a scheme the payment link does not accept. */
  CARD_SCHEME_NOT_ALLOWED: fixed(422, 'This card type is not accepted for this payment.'),
  ATTEMPT_NOT_FOUND: fixed(404, 'Payment attempt not found.'),
  PAYMENT_NOT_FOUND: fixed(404, 'Payment not found.'),
  PAYMENT_NOT_CAPTURABLE: fixed(409, 'This payment is not waiting for capture.'),
  CAPTURE_EXCEEDS_AUTHORISED: withParams<{ authorised: string }>(
    422,
    (p) => `The capture exceeds the authorised amount of ${p.authorised}.`,
  ),
  PAYMENT_NOT_VOIDABLE: fixed(409, 'Only a payment waiting for capture can be voided.'),
  PAYMENT_NOT_REFUNDABLE: fixed(409, 'This payment cannot be refunded.'),
  REFUND_EXCEEDS_REMAINING: withParams<{ remaining: string }>(
    422,
    (p) => `The refund exceeds the remaining refundable amount of ${p.remaining}.`,
  ),
  /** The merchant's wallet (available and on hold) cannot cover the refund. */
  REFUND_BALANCE_INSUFFICIENT: fixed(422, 'The balance is not enough to refund this payment.'),
  MERCHANT_FEE_INVALID: withParams<{ problem: string }>(422, (p) => p.problem),
  // ---- exports (issue 10) ----------------------------------------------------------------
  /** No report of this account with this id (another account's reports are not found either). */
  REPORT_NOT_FOUND: fixed(404, 'Report not found.'),
  /** The download asked for a report whose file is not written yet, failed, or was removed. */
  REPORT_NOT_READY: fixed(409, 'The report is not ready to download.'),
  /** A download link that is not this report's, or that get-report has since replaced. */
  REPORT_LINK_INVALID: fixed(403, 'This download link is not valid. Please export the report again.'),
  REPORT_LINK_EXPIRED: fixed(403, 'This download link has expired. Please export the report again.'),
  /** Too many reports of the account are still being written. */
  REPORTS_IN_PROGRESS_LIMIT: withParams<{ max: number }>(
    429,
    (p) => `You already have ${p.max} reports being prepared. Please wait for one to finish.`,
  ),

  // ---- the hosted checkout (issue 10) ----------------------------------------------------
  /** No payment link has this token (or the attempt is not this link's). */
  CHECKOUT_NOT_FOUND: fixed(404, 'This payment link does not exist.'),
  LINK_INACTIVE: fixed(409, 'This payment link is no longer active.'),
  LINK_EXPIRED: fixed(409, 'This payment link has expired.'),
  /** A single-use link (type 0) after its one successful payment. */
  LINK_ALREADY_PAID: fixed(409, 'This payment link has already been paid.'),
  /** A single-use link whose payment is under way on another page (e.g. waiting for 3-D Secure). */
  LINK_PAYMENT_IN_PROGRESS: fixed(409, 'A payment for this link is already in progress. Please try again in a few minutes.'),
  TOO_MANY_CHECKOUT_REQUESTS: fixed(429, 'Too many requests. Please wait a moment and try again.'),
  // ---- payment links (issue 10) ------------------------------------------------------------
  PAYMENT_LINK_NOT_FOUND: fixed(404, 'Payment link not found.'),
  /** An expired link's status no longer changes: it takes no payment either way. */
  PAYMENT_LINK_EXPIRED: fixed(409, 'This payment link has expired. Its status can no longer be changed.'),
  PAYMENT_LINK_CURRENCY_NOT_ALLOWED: fixed(422, 'Payment links are not available in this currency for your account.'),
  PAYMENT_LINK_SCHEME_NOT_ALLOWED: fixed(422, 'The selected schema is not available for this currency and channel.'),
  // ---- idempotency keys and the merchant server API (issue 10, H5) --------------------------
  /** An Idempotency-Key header that is empty, too long (255) or not printable ASCII. */
  IDEMPOTENCY_KEY_INVALID: fixed(400, 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.'),
  /** The same Idempotency-Key sent again with another request body (or to another endpoint), within 24 hours. */
  IDEMPOTENCY_KEY_REUSED: fixed(422, 'This Idempotency-Key was already used with another request. Use a new key for a new request.'),
  /** The first request with this Idempotency-Key is still being processed. */
  IDEMPOTENCY_KEY_IN_PROGRESS: fixed(409, 'A request with this Idempotency-Key is still being processed. Please retry shortly.'),
  /** The merchant API: too many requests from one client in the current minute. */
  API_RATE_LIMITED: fixed(429, 'Too many requests. Please slow down and retry after the time in Retry-After.'),
  /** The merchant API: no channelId was given and the merchant has no online channel of an Active store. */
  API_NO_ONLINE_CHANNEL: fixed(422, 'No online channel of an active store can take this payment.'),
  // ---- app settings and webhooks (issue 10) ---------------------------------------------------
  /** The merchant API: an unknown client id, a wrong secret, or a revoked one. */
  API_CREDENTIALS_INVALID: fixed(401, 'Invalid client credentials.'),
  /** The merchant API: the IP check is on and the caller's IP is not whitelisted. */
  API_IP_NOT_ALLOWED: fixed(403, 'This IP address is not whitelisted.'),
  /** Revoke Access, the whitelisted IPs: the main account only (DECISIONS 20, 28). */
  APP_SETTINGS_MAIN_ACCOUNT_ONLY: fixed(403, 'Only the main account can do this.'),
  /** The Notification tab is hidden from an administrator logged in as the merchant. */
  NOTIFICATION_SETTINGS_NOT_FOR_ADMIN: fixed(403, 'Not allowed when logged in by an admin.'),
  WEBHOOK_NOT_SET: fixed(404, 'No webhook is set.'),
  // ---- the POS device API (issue 10) ---------------------------------------------------------
  /** Unknown device, unknown username, no password set yet, or a wrong password: one answer. */
  POS_LOGIN_FAILED: fixed(401, 'The device id, username or password is incorrect.'),
  POS_DEVICE_INACTIVE: fixed(403, 'This POS device is inactive. Please contact the account owner.'),
  /** The person of the login is not Active (a staff member) or is blocked (the main account). */
  POS_STAFF_INACTIVE: fixed(403, 'This staff member is not active. Please contact the account owner.'),
  /** No bearer token, or a token unknown, expired or ended (logout, password reset, device or person deactivated). */
  POS_SESSION_INVALID: fixed(401, 'The device session is missing, invalid or has ended. Please sign in again.'),
  /** The login's terminal settings do not enable this operation. */
  POS_OPERATION_NOT_ALLOWED: fixed(403, 'This operation is not enabled for this login on this device.'),
  /** An unknown transaction, or one of another device channel or merchant: the answer does not tell which. */
  POS_TRANSACTION_NOT_FOUND: fixed(404, 'Transaction not found.'),
  POS_RATE_LIMITED: fixed(429, 'Too many requests from this device. Please try again shortly.'),
  POS_ROUTE_NOT_FOUND: fixed(404, 'Not found.'),
  WEBHOOK_EVENT_NOT_FOUND: fixed(404, 'Webhook event not found.'),
  // ---- refunds (issue 15) ------------------------------------------------------------------
  /** No refund request of this merchant with this id (another merchant's is not found either). */
  REFUND_NOT_FOUND: fixed(404, 'Refund not found.'),
  /** Only a Pending (0) refund is canceled, approved or rejected (DECISIONS 18). */
  REFUND_NOT_PENDING: withParams<{ status: string }>(409, (p) => `This refund is ${p.status}: only a pending refund can be changed.`),
  /** A transaction of the merchant that is not a payment link, API or POS payment (DECISIONS 27). */
  TRANSACTION_NOT_REFUNDABLE: fixed(422, 'Only payment link, API and POS payments can be refunded.'),
  /** A whole refund (isPartial 0) whose amount is no longer all that remains: another refund came first. */
  REFUND_REMAINING_CHANGED: withParams<{ remaining: string }>(
    409,
    (p) => `The remaining refundable amount is now ${p.remaining}. Please check the amount and try again.`,
  ),
  // ---- settlements (issue 16) ----------------------------------------------------------------
  /** No settlement of this merchant with this id (another merchant's is not found either). */
  SETTLEMENT_NOT_FOUND: fixed(404, 'Settlement not found.'),
  /** A settlement run by hand with a cut-off that has not come yet. */
  SETTLEMENT_CUTOFF_IN_FUTURE: fixed(422, 'The cutoff cannot be in the future.'),
  /** A channel without a configuration of its own to remove (it follows the merchant's already). */
  SETTLEMENT_CONFIG_NOT_FOUND: fixed(404, 'This channel has no settlement configuration of its own.'),
  /** The merchant's own configuration is edited, never removed: without it the merchant is not settled. */
  SETTLEMENT_CONFIG_MERCHANT_WIDE: fixed(
    422,
    "The merchant's own settlement configuration cannot be removed: edit it instead. Only a channel's configuration can be removed.",
  ),
  /** A report type offered in one format only (the settlement exports are Excel only). */
  REPORT_FORMAT_NOT_OFFERED: withParams<{ format: string }>(422, (p) => `This report cannot be exported as ${p.format}.`),
  // ---- withdrawals (issue 16) -------------------------------------------------------------
  /** No active withdrawal method of the catalogue with this id in the currency. */
  WITHDRAWAL_METHOD_NOT_OFFERED: fixed(422, 'This withdrawal method is not offered in the currency of the wallet.'),
  /** A method's field left empty that the method requires. */
  WITHDRAWAL_FIELD_REQUIRED: withParams<{ field: string }>(422, (p) => `The ${p.field} field is required.`),
  /** A key of the details that is not a field of the method. */
  WITHDRAWAL_FIELD_UNKNOWN: withParams<{ field: string }>(422, (p) => `The ${p.field} field is not a field of this withdrawal method.`),
  /** A field's value that fails its rule (an IBAN's checksum, a BIC's form). */
  WITHDRAWAL_FIELD_INVALID: withParams<{ field: string; problem: string }>(422, (p) => `The ${p.field} is not valid: ${p.problem}`),
  /** No method of this merchant with this id (another merchant's is not found either). */
  WITHDRAWAL_METHOD_NOT_FOUND: fixed(404, 'Withdrawal method not found.'),
  /** The merchant's method was added for another wallet, or its currency is not the wallet's. */
  WITHDRAWAL_METHOD_CURRENCY_MISMATCH: fixed(422, 'This withdrawal method is not for this wallet: choose a method of its currency.'),
  /** A method that a Pending request is waiting on: removed once the console pays or rejects it. */
  WITHDRAWAL_METHOD_IN_USE: fixed(
    409,
    'This withdrawal method has a pending withdrawal request: it can be removed once the request is paid or rejected.',
  ),
  /** More than the wallet's available balance (what is on hold cannot be withdrawn). */
  WITHDRAWAL_EXCEEDS_BALANCE: withParams<{ available: string }>(422, (p) => `The amount exceeds the available balance of ${p.available}.`),
  /** No withdrawal request with this id (another merchant's is not found either). */
  WITHDRAWAL_NOT_FOUND: fixed(404, 'Withdrawal request not found.'),
  /** Only a Pending request is paid or rejected, once. */
  WITHDRAWAL_NOT_PENDING: withParams<{ status: string }>(
    409,
    (p) => `This withdrawal is ${p.status}: only a pending withdrawal can be processed.`,
  ),
} as const;

export type TErrorName = keyof typeof ERRORS;
export const ERROR_NAMES = Object.keys(ERRORS) as TErrorName[];

/** The parameters a message needs; `never` for a fixed message. */
export type TErrorParams<N extends TErrorName> = (typeof ERRORS)[N] extends ErrorEntry<infer P> ? P : never;

export function isErrorName(value: unknown): value is TErrorName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

export function errorStatus(name: TErrorName): number {
  return ERRORS[name].status;
}

/** The message of an error, with its parameters filled in. */
export function errorMessage<N extends TErrorName>(name: N, ...params: [TErrorParams<N>] extends [never] ? [] : [TErrorParams<N>]): string {
  const message = ERRORS[name].message as Message<unknown>;
  return typeof message === 'string' ? message : message(params[0]);
}
