// Identity verification: a form defined on the server (text, checkbox, radio, file inputs),
// files uploaded as soon as chosen, answers reviewed by operations. An external provider
// adapter may return a token and URL instead (DECISIONS 15); none is configured by default.
import { fileTypeFromBuffer } from 'file-type';
import { KYC_FILE_TYPES, LIMITS, type TKycInput } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { UploadedFile } from '../../transport/dispatcher.ts';
import { ApiError, badRequest } from '../../transport/errors.ts';
import type { UserRow } from '../auth/users.repository.ts';
import { getUserById } from '../auth/users.repository.ts';

/** 0 not submitted, 1 submitted (under review), 2 approved, 3 rejected. */
export const KYC_STATUS = { NONE: 0, SUBMITTED: 1, APPROVED: 2, REJECTED: 3 } as const;

export interface KycProvider {
  start(user: UserRow): Promise<{ token: string; url: string } | null>;
}

const noProvider: KycProvider = { start: async () => null };

export async function listKycInputs(deps: Deps): Promise<TKycInput[]> {
  const rows = await deps.db.selectFrom('kyc_inputs').selectAll().where('active', '=', true).orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    input_type: { type: row.type },
    input_attributes: { required: row.required ? 1 : 0, ...(row.options ? { options: row.options } : {}) },
  }));
}

/** Whether the client must show the KYC form next, and the provider's token when there is one. */
export async function kycFlowFor(deps: Deps, user: UserRow, provider: KycProvider = noProvider) {
  const open = user.kyc_status === KYC_STATUS.NONE || user.kyc_status === KYC_STATUS.REJECTED;
  const external = open ? await provider.start(user) : null;
  const hasInputs = open && !external && (await listKycInputs(deps)).length > 0;
  return {
    userKyc: hasInputs ? 1 : 0,
    sumsubToken: external?.token ?? null,
    sumsubUrl: external?.url ?? null,
    kycFlow: external ? 'provider' : hasInputs ? 'form' : null,
  };
}

export async function getUserKyc(deps: Deps, userId: bigint) {
  const user = await getUserById(deps.db, userId);
  return { inputs: await listKycInputs(deps), status: user.kyc_status };
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export async function uploadKycFile(deps: Deps, userId: bigint, inputId: number, file: UploadedFile | undefined) {
  if (!file || file.bytes.length === 0) throw badRequest('The file field is required', { file: 'The file field is required' });
  const kb = Math.round(LIMITS.kycFileMaxBytes / 1024);
  if (file.truncated || file.bytes.length > LIMITS.kycFileMaxBytes) {
    throw badRequest(`The file may not be greater than ${kb} kilobytes.`, { file: `The file may not be greater than ${kb} kilobytes.` });
  }
  const input = await deps.db.selectFrom('kyc_inputs').selectAll().where('id', '=', inputId).where('active', '=', true).executeTakeFirst();
  if (!input || input.type !== 'file') throw badRequest('The selected input is invalid.', { inputId: 'The selected input is invalid.' });
  // The type is read from the bytes, never from the name or the browser's word.
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !(KYC_FILE_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw badRequest('The file must be a file of type: jpeg, png, pdf.', { file: 'The file must be a file of type: jpeg, png, pdf.' });
  }
  const storageKey = await deps.files.put(file.bytes, EXTENSIONS[sniffed.mime] ?? 'bin');
  const row = await deps.db
    .insertInto('kyc_files')
    .values({ user_id: userId, input_id: inputId, storage_key: storageKey, original_name: file.fileName, mime_type: sniffed.mime, size_bytes: file.bytes.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { fileId: Number(row.id), inputId, fileName: file.fileName, sizeBytes: file.bytes.length, mimeType: sniffed.mime };
}

export async function submitKyc(deps: Deps, userId: bigint, answers: Array<{ inputId: number; value: string }>) {
  const user = await getUserById(deps.db, userId);
  if (user.kyc_status === KYC_STATUS.SUBMITTED || user.kyc_status === KYC_STATUS.APPROVED) {
    throw new ApiError(409, 'Your verification has already been submitted.');
  }
  const inputs = await listKycInputs(deps);
  const byId = new Map(inputs.map((input) => [input.id, input]));
  const given = new Map<number, string>();
  for (const answer of answers) {
    if (!byId.has(answer.inputId)) throw badRequest('The kyc contains an unknown input.', { kyc: 'The kyc contains an unknown input.' });
    given.set(answer.inputId, answer.value.trim());
  }
  const errors: Record<string, string> = {};
  for (const input of inputs) {
    const problem = await answerProblem(deps, userId, input, given.get(input.id) ?? '');
    if (problem) errors[`kyc.${input.id}`] = problem;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  const normalised = inputs.map((input) => ({ inputId: input.id, value: normaliseAnswer(input, given.get(input.id) ?? '') }));
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('kyc_submissions').values({ user_id: userId, answers: JSON.stringify(normalised) }).execute();
    await trx.updateTable('users').set({ kyc_status: KYC_STATUS.SUBMITTED, updated_at: new Date() }).where('id', '=', userId).execute();
  });
  return null;
}

function normaliseAnswer(input: TKycInput, value: string): string {
  if (input.input_type.type === 'checkbox') return value === '1' ? '1' : '0';
  if (input.input_type.type === 'radio' && !input.input_attributes.options) return value === '1' ? '1' : '0';
  return value;
}

async function answerProblem(deps: Deps, userId: bigint, input: TKycInput, value: string): Promise<string | undefined> {
  const required = input.input_attributes.required === 1;
  const type = input.input_type.type;
  const missing = type === 'checkbox' ? value !== '1' : value === '' || (type === 'radio' && !input.input_attributes.options && value !== '1');
  if (required && missing) return `The ${input.name} field is required`;
  if (value === '') return undefined;
  switch (type) {
    case 'text':
      return value.length > LIMITS.kycTextMaxChars ? `The ${input.name} may not be greater than ${LIMITS.kycTextMaxChars} characters` : undefined;
    case 'checkbox':
      return value === '1' || value === '0' ? undefined : `The ${input.name} field must be 1 or 0`;
    case 'radio': {
      const options = input.input_attributes.options;
      if (options) return options.includes(value) ? undefined : `The selected ${input.name} is invalid`;
      return value === '1' || value === '0' ? undefined : `The ${input.name} field must be 1 or 0`;
    }
    case 'file': {
      const fileId = /^\d+$/.test(value) ? BigInt(value) : -1n;
      const file = await deps.db.selectFrom('kyc_files').select('id').where('id', '=', fileId).where('user_id', '=', userId).where('input_id', '=', input.id).executeTakeFirst();
      return file ? undefined : `Please upload the ${input.name} again`;
    }
  }
}
