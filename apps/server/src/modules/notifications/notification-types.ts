// The registry of notification types. Each module defines the types it sends, beside its own
// code (transfers/transfers.notifications.ts, gateway/gateway.notifications.ts): a name, the
// shape of the data the row keeps, and how the message reads from that data. `notify` accepts
// only a registered type, so every row in the notifications table was written through one
// definition, and the live delivery (a later issue) can rely on the same list.
import type { z } from 'zod';
import { assert } from '@paywallet/ledger';
import { formatMoney } from '../../lib/display-text.ts';

/** Plain JSON values only: amounts travel as minor-unit numbers, ids as strings. */
export type NotificationValue = string | number | boolean | null;
export type NotificationData = Record<string, NotificationValue>;

export interface NotificationType<TData extends NotificationData = NotificationData> {
  /** Kebab-case, unique across the platform: what the row's `type` column holds. */
  readonly name: string;
  /** What the row's `data` column holds; checked before the row is written. */
  readonly data: z.ZodType<TData>;
  /** The message the user reads, written from the data alone. */
  readonly message: (data: TData) => string;
}

const NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const NOTIFICATION_TYPE_NAME_MAX_CHARS = 60;

const registry = new Map<string, NotificationType>();

/** Adds a type to the registry; a second type of the same name is a programmer error. */
export function defineNotificationType<TData extends NotificationData>(definition: NotificationType<TData>): NotificationType<TData> {
  assert(
    NAME_PATTERN.test(definition.name) && definition.name.length <= NOTIFICATION_TYPE_NAME_MAX_CHARS,
    `notification type '${definition.name}' is a kebab-case name of at most ${NOTIFICATION_TYPE_NAME_MAX_CHARS} characters`,
  );
  assert(!registry.has(definition.name), `notification type '${definition.name}' is defined twice`);
  registry.set(definition.name, definition as unknown as NotificationType);
  return definition;
}

/** True when `type` is the registered definition of its name (not a look-alike object). */
export function isRegisteredNotificationType(type: { readonly name: string }): boolean {
  return registry.get(type.name) === type;
}

/** The names of every type defined so far (the modules that define them have been loaded). */
export function registeredNotificationTypeNames(): string[] {
  return [...registry.keys()].sort();
}

/** The money fields most types carry, so that a message can write the amount in its currency. */
export interface NotifiedMoney {
  /** Minor units, as the wire carries amounts. */
  amount: number;
  currency: string;
  decimals: number;
}

/** "AED 1,234.50" from a notification's money fields (lib/display-text's one format). */
export function notifiedMoneyText(money: NotifiedMoney): string {
  return formatMoney(BigInt(money.amount), money.currency, money.decimals);
}
