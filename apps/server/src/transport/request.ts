// What a request may hold, whatever its door: the checks the dispatcher runs on every input
// before a handler sees it.
//  1. No string holds a control character (the text as it arrived, so the caller reads which
//     field holds one before any rule of the field runs; a string longer than any field's limit
//     is left to that limit).
//  2. The call's schema passes, with the contract's messages.
//  3. No field the schema does not name: what a schema would silently drop (an `amount` sent to
//     pay-checkout, a `tip` sent to the merchant API) is refused by name, so a client learns at
//     once that the server ignores it. A schema that says `.loose()` names every field.
//  4. The text again, as the schema produced it (a field the schema decodes, like the KYC
//     answers sent as a JSON string, may hide a control character behind an escape).
import type { z } from 'zod';
import { contractErrorMap, controlCharacterIssues, fieldLabel, TEXT_SCAN_MAX_CHARS, type TextIssue } from '@paywallet/contract';
import { fieldFailure, validationFailure, type AppError } from './errors.ts';

/** How a field the schema does not name is refused. */
export function unknownFieldMessage(path: readonly (string | number)[]): string {
  return `The ${fieldLabel(path)} field is not allowed`;
}

/** The input as the handler receives it, or the validation refusal. */
export function validInput(schema: z.ZodType, multiline: ReadonlySet<string>, input: unknown): unknown {
  const raw = controlCharacterIssues(input, multiline, TEXT_SCAN_MAX_CHARS);
  if (raw.length) throw textFailure(raw);
  const parsed = schema.safeParse(input ?? {}, { error: contractErrorMap });
  if (!parsed.success) throw validationFailure(parsed.error);
  const unknown = unknownFields(input, parsed.data);
  if (unknown.length) throw fieldFailure(Object.fromEntries(unknown.map((path) => [path.join('.'), unknownFieldMessage(path)])));
  const decoded = controlCharacterIssues(parsed.data, multiline);
  if (decoded.length) throw textFailure(decoded);
  return parsed.data;
}

function textFailure(issues: readonly TextIssue[]): AppError {
  return fieldFailure(Object.fromEntries(issues.map((issue) => [issue.field, issue.message])));
}

/**
 * The paths of the fields `sent` holds and `kept` (what the schema made of it) lacks. Arrays are
 * compared item by item; a value the schema turned into something else (a JSON string decoded
 * into a list) is the schema's to judge and is not looked into.
 */
export function unknownFields(sent: unknown, kept: unknown, at: readonly (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return [];
    return sent.flatMap((item, index) => unknownFields(item, kept[index], [...at, index]));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((key) => (key in kept ? unknownFields(sent[key], kept[key], [...at, key]) : [[...at, key]]));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
