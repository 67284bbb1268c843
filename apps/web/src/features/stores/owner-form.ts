// An owner card's state and its checks before sending (spec 3 sections 3 and 5): the
// contract's rules for the names and the date of birth, and the document's type and size.
import { z } from 'zod';
import { OWNER_DOCUMENT_TYPES, STORE_LIMITS, STORE_MESSAGES, zOwnerFields } from '@paywallet/contract';
import type { TIdentityType, TStoreOwner } from '@paywallet/contract';

export interface OwnerCardState {
  key: string;
  /** The server's id once saved. */
  id: number | undefined;
  /** 'add' until saved, then 'update' (spec 3 section 4). */
  status: 'add' | 'update';
  firstName: string;
  lastName: string;
  dob: string;
  identityType: TIdentityType;
  documentFile: File | null;
  /** A data URL: the chosen file, or the saved document once fetched. */
  preview: string | null;
  documentName: string | null;
  /** Added in this visit: the card shakes. */
  fresh: boolean;
}

let serial = 0;
const nextKey = () => `owner-${++serial}`;

export function newOwnerCard(): OwnerCardState {
  return {
    key: nextKey(),
    id: undefined,
    status: 'add',
    firstName: '',
    lastName: '',
    dob: '',
    identityType: 'passport',
    documentFile: null,
    preview: null,
    documentName: null,
    fresh: true,
  };
}

export function savedOwnerCard(owner: TStoreOwner): OwnerCardState {
  return {
    key: nextKey(),
    id: owner.id,
    status: 'update',
    firstName: owner.first_name,
    lastName: owner.last_name,
    dob: owner.dob,
    identityType: owner.document_type,
    documentFile: null,
    preview: null,
    documentName: owner.docs_url,
    fresh: false,
  };
}

export type OwnerErrors = Partial<Record<'firstName' | 'lastName' | 'dob' | 'identityType' | 'attachment', string>>;

const ZOwnerCheck = z.object({
  firstName: zOwnerFields.firstName,
  lastName: zOwnerFields.lastName,
  dob: zOwnerFields.dob,
});

export function ownerErrors(card: OwnerCardState): OwnerErrors {
  const errors: OwnerErrors = {};
  const parsed = ZOwnerCheck.safeParse({ firstName: card.firstName, lastName: card.lastName, dob: card.dob });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof OwnerErrors;
      errors[field] ??= field === 'dob' && card.dob === '' ? 'The date of birth field is required' : issue.message;
    }
  }
  if (card.status === 'add' && !card.documentFile) errors.attachment = 'The document field is required';
  return errors;
}

/** The client's check of a chosen document: its message, or undefined when it may be sent. */
export function documentProblem(file: File): string | undefined {
  if (!(OWNER_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return STORE_MESSAGES.documentType;
  if (file.size >= STORE_LIMITS.documentMaxBytes) return STORE_MESSAGES.documentSize;
  return undefined;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
