// Spec 1 section 9: the request list loads about 1 s after the screen opens, the second tab
// about 2 s after; the request form's wallet list about 1 s after.
export const MY_REQUESTS_DELAY_MS = 1000;
export const USER_REQUESTS_DELAY_MS = 2000;
export const WALLET_LIST_DELAY_MS = 1000;
