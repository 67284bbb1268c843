// The KYC form is built from the server's list of inputs (spec 1 screen 11): a zod schema for
// validation, default values, the answers sent to manage-user-kyc, and the server's names of
// its fields.
import { z } from 'zod';
import { LIMITS, MESSAGES } from '@paywallet/contract';
import type { TKycInput } from '@paywallet/contract';

export type KycValues = Record<string, string | boolean>;
export interface KycAnswer {
  inputId: number;
  value: string;
}

export const fieldName = (input: TKycInput) => `input_${input.id}`;

export function isRequired(input: TKycInput): boolean {
  return input.input_attributes.required === 1;
}

function assertNever(value: never): never {
  throw new Error(`Unknown KYC input type: ${String(value)}`);
}

function fieldSchema(input: TKycInput): z.ZodType<string | boolean, string | boolean> {
  const required = isRequired(input);
  const message = MESSAGES.required(input.name);
  const type = input.input_type.type;
  switch (type) {
    case 'text': {
      const text = z
        .string()
        .trim()
        .max(LIMITS.kycTextMaxChars, `The ${input.name} may not be greater than ${LIMITS.kycTextMaxChars} characters`);
      return required ? text.min(1, message) : text;
    }
    case 'checkbox':
      return required ? z.boolean().refine((checked) => checked, message) : z.boolean();
    case 'radio':
    case 'file':
      return required ? z.string().min(1, message) : z.string();
    default:
      return assertNever(type);
  }
}

export function buildKycSchema(inputs: readonly TKycInput[]) {
  return z.object(Object.fromEntries(inputs.map((input) => [fieldName(input), fieldSchema(input)])));
}

export function defaultKycValues(inputs: readonly TKycInput[]): KycValues {
  return Object.fromEntries(inputs.map((input) => [fieldName(input), input.input_type.type === 'checkbox' ? false : '']));
}

/** Checkbox and yes/no answers are 1 or 0; unanswered choices are sent as 0 (spec 1 section 5). */
function answerValue(input: TKycInput, value: string | boolean | undefined): string {
  switch (input.input_type.type) {
    case 'checkbox':
      return value === true ? '1' : '0';
    case 'radio':
      return typeof value === 'string' && value !== '' ? value : '0';
    case 'text':
    case 'file':
      return typeof value === 'string' ? value : '';
    default:
      return assertNever(input.input_type.type);
  }
}

/** The server names a field `kyc.<inputId>` (its answer in the kyc list); the form names it input_<id>. */
export function kycWireNames(inputs: readonly TKycInput[]): Record<string, string> {
  return Object.fromEntries(inputs.map((input) => [`kyc.${input.id}`, fieldName(input)]));
}

export function toKycAnswers(inputs: readonly TKycInput[], values: KycValues): KycAnswer[] {
  return inputs.map((input) => ({ inputId: input.id, value: answerValue(input, values[fieldName(input)]) }));
}
