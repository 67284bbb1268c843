// The staff status select's options (spec 3 section 2.2): Pending, Active, Inactive, Suspended.
import { USER_STATUS, USER_STATUS_LABEL } from '@paywallet/contract';

export const STAFF_STATUS_OPTIONS = Object.values(USER_STATUS).map((value) => ({
  value: String(value),
  label: USER_STATUS_LABEL[value] ?? String(value),
}));
