// @paywallet/contract: the one description of the API, imported by the server and the web app.
// One file per call, in a folder per area. "sideEffects": false in package.json lets the web
// build keep only the calls a screen imports.
export * from './call.ts';
export * from './audit-actions.ts';
export * from './features.ts';
export * from './errors.ts';
export * from './statuses.ts';
export * from './texts.ts';
export * from './rules.ts';
export * from './text.ts';
export * from './error-map.ts';
export * from './lists.ts';
export * from './money.ts';
export * from './entities.ts';

export * from './calls/auth/verify-email.ts';
export * from './calls/auth/verify-otp.ts';
export * from './calls/auth/verify-email-general.ts';
export * from './calls/auth/register.ts';
export * from './calls/auth/login.ts';
export * from './calls/auth/set-passcode.ts';
export * from './calls/auth/passcode-login.ts';
export * from './calls/auth/reset-password.ts';
export * from './calls/auth/reset-passcode.ts';
export * from './calls/auth/logout-user.ts';

export * from './calls/kyc/get-user-kyc.ts';
export * from './calls/kyc/upload-user-kyc-file.ts';
export * from './calls/kyc/manage-user-kyc.ts';

export * from './calls/shell/get-dashboard-feature-list.ts';
export * from './calls/shell/get-user-profile.ts';
export * from './calls/shell/get-app-config.ts';

export * from './calls/wallets/get-wallet-list.ts';

export * from './calls/transfers/verify-email-phone.ts';
export * from './calls/transfers/initiate-send-money.ts';
export * from './calls/transfers/confirm-send-money.ts';

export * from './calls/money-requests/common.ts';
export * from './calls/money-requests/initiate-request-money.ts';
export * from './calls/money-requests/get-money-requests.ts';
export * from './calls/money-requests/get-user-request-money.ts';
export * from './calls/money-requests/cancel-request-money.ts';
export * from './calls/money-requests/reject-request-money.ts';

export * from './calls/deposits/common.ts';
export * from './calls/deposits/get-allowed-payment-methods.ts';
export * from './calls/deposits/check-balance-and-limits.ts';
export * from './calls/deposits/initiate-deposit.ts';

export * from './calls/transactions/get-transactions.ts';
export * from './calls/transactions/transaction-types.ts';

export * from './calls/stores/get-stores.ts';

// ---- merchant staff and permissions (issue 9) ----
export * from './calls/staff/common.ts';
export * from './calls/staff/get-merchant-staff.ts';
export * from './calls/staff/add-merchant-staff.ts';
export * from './calls/staff/update-merchant-staff.ts';
export * from './calls/staff/get-merchant-staff-features.ts';
export * from './calls/staff/manage-merchant-staff-features.ts';
// ---- POS devices (issue 9) ----
export * from './calls/pos/common.ts';
export * from './calls/pos/get-pos-devices.ts';
export * from './calls/pos/add-pos-device.ts';
export * from './calls/pos/update-pos-device.ts';
export * from './calls/pos/manage-pos-devices.ts';
export * from './calls/pos/reset-staff-posdevice-password.ts';
// ---- the operations console (issue 9) ----
export * from './calls/admin/common.ts';
export * from './calls/admin/admin-get-stores.ts';
export * from './calls/admin/admin-review-store.ts';
export * from './calls/admin/admin-get-kyc-submissions.ts';
export * from './calls/admin/admin-review-kyc.ts';
export * from './calls/admin/admin-get-kyc-file.ts';
export * from './calls/admin/admin-get-store-details.ts';
export * from './calls/admin/admin-get-store-owner-file.ts';
export * from './calls/admin/admin-get-merchants.ts';
export * from './calls/admin/admin-login-as-merchant.ts';
export * from './calls/admin/admin-end-impersonation.ts';
export * from './calls/admin/admin-get-audit-log.ts';
// ---- customers, profile, notifications (issue 9) ----
export * from './calls/customers/get-merchant-customers.ts';
export * from './calls/profile/get-user-data.ts';
export * from './calls/profile/update-profile-picture.ts';
export * from './calls/notifications/notifications.ts';
export * from './calls/notifications/read-all-notifications.ts';
export * from './calls/notifications/get-events-ticket.ts';
export * from './calls/notifications/events-stream.ts';
// stores and onboarding (issue 9)
export * from './mcc.ts';
export * from './calls/stores/common.ts';
export * from './calls/stores/get-store.ts';
export * from './calls/stores/create-store.ts';
export * from './calls/stores/delete-store.ts';
export * from './calls/stores/update-store.ts';
export * from './calls/stores/get-store-activation.ts';
export * from './calls/stores/manage-store-owners.ts';
export * from './calls/stores/get-file.ts';
// ---- merchant payments core (issue 10, H1) ----
export * from './calls/merchant-payments/admin-fee-schedule.ts';
export * from './calls/merchant-payments/get-transaction-attempts.ts';
// ---- exports (issue 10) ----
export * from './calls/reports/common.ts';
export * from './calls/reports/generate-report.ts';
export * from './calls/reports/get-report.ts';
export * from './calls/reports/download-report.ts';
// ---- the hosted checkout (issue 10) ----
export * from './calls/checkout/common.ts';
export * from './calls/checkout/get-checkout.ts';
export * from './calls/checkout/pay-checkout.ts';
// ---- payment links (issue 10) ----
export * from './calls/payment-links/common.ts';
export * from './calls/payment-links/get-allowed-currencies.ts';
export * from './calls/payment-links/get-payment-methods.ts';
export * from './calls/payment-links/add-new-payment-link.ts';
export * from './calls/payment-links/get-payment-link-info.ts';
export * from './calls/payment-links/update-payment-link.ts';
export * from './calls/payment-links/get-paymentlink-transactions.ts';
export * from './calls/payment-links/get-paymentlink-attempts.ts';
// ---- the merchant server API (issue 10, H5; its own door since issue 14) ----
export * from './calls/merchant-api/get-api-payments.ts';
export * from './calls/merchant-api/common.ts';
export * from './calls/merchant-api/create-payment.ts';
export * from './calls/merchant-api/list-payments.ts';
export * from './calls/merchant-api/get-payment.ts';
export * from './calls/merchant-api/capture-payment.ts';
export * from './calls/merchant-api/void-payment.ts';
export * from './calls/merchant-api/refund-payment.ts';
export * from './calls/merchant-api/webhooks.ts';
// ---- the POS device API (issue 10; its own door since issue 14) ----
export * from './calls/pos-api/common.ts';
export * from './calls/pos-api/login.ts';
export * from './calls/pos-api/session.ts';
export * from './calls/pos-api/logout.ts';
export * from './calls/pos-api/sale.ts';
// ---- settlements (issue 16) ----
export * from './calls/settlements/common.ts';
export * from './calls/settlements/settlements.ts';
export * from './calls/admin/admin-get-settlement-configs.ts';
export * from './calls/admin/admin-update-settlement-config.ts';
export * from './calls/admin/admin-remove-settlement-config.ts';
export * from './calls/admin/admin-run-settlements.ts';
export * from './calls/admin/admin-get-settlement-runs.ts';
export * from './calls/pos-api/pre-auth.ts';
export * from './calls/pos-api/capture.ts';
export * from './calls/pos-api/refund.ts';
export * from './calls/pos-api/void.ts';
export * from './calls/pos-api/get-transaction.ts';
// ---- app settings and webhooks (issue 10) ----
export * from './calls/app-settings/common.ts';
export * from './calls/app-settings/get-merchant-app-settings.ts';
export * from './calls/app-settings/update-merchant-app-credentials.ts';
export * from './calls/app-settings/update-notification-settings.ts';
export * from './calls/app-settings/update-merchant-app-settings.ts';
export * from './calls/app-settings/get-webhook-deliveries.ts';
export * from './calls/app-settings/replay-webhook.ts';
// ---- the dashboard overview and the held balance (issue 15) ----
export * from './calls/dashboard/common.ts';
export * from './calls/dashboard/merchant-dashboard-overview.ts';
export * from './calls/dashboard/get-balance-on-hold.ts';
// ---- refunds (issue 15) ----
export * from './calls/refunds/common.ts';
export * from './calls/refunds/create-refund-request.ts';
export * from './calls/refunds/get-all-refunds.ts';
export * from './calls/refunds/cancel-refund-request.ts';
export * from './calls/admin/admin-get-refund-requests.ts';
export * from './calls/admin/admin-process-refund.ts';
// ---- withdrawals (issue 16) ----
export * from './calls/withdrawals/common.ts';
export * from './calls/withdrawals/get-all-withdrawal-methods.ts';
export * from './calls/withdrawals/add-withdrawal-method.ts';
export * from './calls/withdrawals/get-user-withdrawal-methods.ts';
export * from './calls/withdrawals/add-new-withdrawal.ts';
export * from './calls/withdrawals/get-all-withdrawals.ts';
export * from './calls/withdrawals/delete-withdrawal-method.ts';
export * from './calls/admin/admin-get-withdrawals.ts';
export * from './calls/admin/admin-process-withdrawal.ts';
// ---- the account ledger (issue 15) ----
export * from './calls/ledger/get-account-ledger.ts';
// ---- ledger health
export * from './calls/admin/admin-get-ledger-health.ts';
