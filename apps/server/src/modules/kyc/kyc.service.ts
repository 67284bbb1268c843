// Identity verification: a form defined on the server (text, checkbox, radio, file inputs),
// files uploaded as soon as chosen, answers reviewed by operations. An external provider
// adapter may return a token and URL instead (DECISIONS 15); none is configured by default.
import { fileTypeFromBuffer } from 'file-type';
import { KYC_FILE_TYPES, KYC_STATUS, LIMITS, type TKycInput } from '@paywallet/contract';
import type { Deps } from '../../deps.ts';
import type { UploadedFile } from '../../transport/dispatcher.ts';
import type { AuditTrail } from '../../transport/audit-trail.ts';
import { fail, fieldFailure } from '../../transport/errors.ts';
import { withReleasedFiles } from '../../lib/released-files.ts';
import * as repository from './kyc.repository.ts';
import type { KycApplicant } from './kyc.repository.ts';

export type { KycApplicant };

export interface KycProvider {
  start(applicant: KycApplicant): Promise<{ token: string; url: string } | null>;
}

const noProvider: KycProvider = { start: async () => null };

export async function listKycInputs(deps: Deps): Promise<TKycInput[]> {
  const rows = await repository.listActiveInputs(deps.db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    input_type: { type: row.type },
    input_attributes: { required: row.required ? 1 : 0, ...(row.options ? { options: row.options } : {}) },
  }));
}

/**
 * Whether the client must show the KYC form next, and the provider's token when there is one.
 * Auth asks it after each sign-in step, passing the user row it already holds.
 */
export async function kycFlowFor(deps: Deps, applicant: KycApplicant, provider: KycProvider = noProvider) {
  const open = applicant.kyc_status === KYC_STATUS.NONE || applicant.kyc_status === KYC_STATUS.REJECTED;
  const external = open ? await provider.start(applicant) : null;
  const hasInputs = open && !external && (await listKycInputs(deps)).length > 0;
  return {
    userKyc: hasInputs ? 1 : 0,
    sumsubToken: external?.token ?? null,
    sumsubUrl: external?.url ?? null,
    kycFlow: external ? 'provider' : hasInputs ? 'form' : null,
  };
}

export async function getUserKyc(deps: Deps, userId: bigint) {
  const applicant = await repository.getApplicant(deps.db, userId);
  return { inputs: await listKycInputs(deps), status: applicant.kyc_status };
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export async function uploadKycFile(deps: Deps, userId: bigint, inputId: number, file: UploadedFile | undefined) {
  if (!file || file.bytes.length === 0) fail('FILE_REQUIRED', { fieldErrors: { file: 'The file field is required' } });
  const maxKilobytes = Math.round(LIMITS.kycFileMaxBytes / 1024);
  if (file.truncated || file.bytes.length > LIMITS.kycFileMaxBytes) {
    fail('FILE_TOO_LARGE', { maxKilobytes }, { fieldErrors: { file: `The file may not be greater than ${maxKilobytes} kilobytes.` } });
  }
  const input = await repository.findActiveInput(deps.db, inputId);
  if (!input || input.type !== 'file') fail('KYC_INPUT_INVALID', { fieldErrors: { inputId: 'The selected input is invalid.' } });
  // The type is read from the bytes, never from the name or the browser's word.
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !(KYC_FILE_TYPES as readonly string[]).includes(sniffed.mime)) {
    fail(
      'FILE_TYPE_NOT_ALLOWED',
      { types: 'jpeg, png, pdf' },
      { fieldErrors: { file: 'The file must be a file of type: jpeg, png, pdf.' } },
    );
  }
  const storageKey = await deps.files.put(file.bytes, EXTENSIONS[sniffed.mime] ?? 'bin');
  const fileId = await repository.insertKycFile(deps.db, {
    userId,
    inputId,
    storageKey,
    originalName: file.fileName,
    mimeType: sniffed.mime,
    sizeBytes: file.bytes.length,
  });
  return { fileId: Number(fileId), inputId, fileName: file.fileName, sizeBytes: file.bytes.length, mimeType: sniffed.mime };
}

export async function submitKyc(deps: Deps, audit: AuditTrail, userId: bigint, answers: Array<{ inputId: number; value: string }>) {
  const applicant = await repository.getApplicant(deps.db, userId);
  if (applicant.kyc_status === KYC_STATUS.SUBMITTED || applicant.kyc_status === KYC_STATUS.APPROVED) fail('KYC_ALREADY_SUBMITTED');
  const inputs = await listKycInputs(deps);
  const byId = new Map(inputs.map((input) => [input.id, input]));
  const given = new Map<number, string>();
  for (const answer of answers) {
    if (!byId.has(answer.inputId)) fail('KYC_UNKNOWN_INPUT', { fieldErrors: { kyc: 'The kyc contains an unknown input.' } });
    given.set(answer.inputId, answer.value.trim());
  }
  const errors: Record<string, string> = {};
  for (const input of inputs) {
    const problem = await answerProblem(deps, userId, input, given.get(input.id) ?? '');
    if (problem) errors[`kyc.${input.id}`] = problem;
  }
  if (Object.keys(errors).length > 0) throw fieldFailure(errors);
  const normalised = inputs.map((input) => ({ inputId: input.id, value: normaliseAnswer(input, given.get(input.id) ?? '') }));
  // The uploads the submission leaves out (a document chosen again replaces the earlier upload)
  // are deleted with it, and their files removed once it has committed.
  await withReleasedFiles(deps, 'kyc submission', (files) =>
    deps.db.transaction().execute(async (trx) => {
      const submissionId = await repository.insertSubmission(trx, userId, normalised);
      await repository.setKycStatus(trx, userId, KYC_STATUS.SUBMITTED);
      files.released.push(...(await repository.deleteUnsubmittedFiles(trx, userId)));
      await audit.record(trx, { subject: { type: 'kyc_submission', id: submissionId } });
    }),
  );
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
  const missing =
    type === 'checkbox' ? value !== '1' : value === '' || (type === 'radio' && !input.input_attributes.options && value !== '1');
  if (required && missing) return `The ${input.name} field is required`;
  if (value === '') return undefined;
  switch (type) {
    case 'text':
      return value.length > LIMITS.kycTextMaxChars
        ? `The ${input.name} may not be greater than ${LIMITS.kycTextMaxChars} characters`
        : undefined;
    case 'checkbox':
      return value === '1' || value === '0' ? undefined : `The ${input.name} field must be 1 or 0`;
    case 'radio': {
      const options = input.input_attributes.options;
      if (options) return options.includes(value) ? undefined : `The selected ${input.name} is invalid`;
      return value === '1' || value === '0' ? undefined : `The ${input.name} field must be 1 or 0`;
    }
    case 'file': {
      const fileId = /^\d+$/.test(value) ? BigInt(value) : -1n;
      const owned = await repository.isOwnFileForInput(deps.db, fileId, userId, input.id);
      return owned ? undefined : `Please upload the ${input.name} again`;
    }
  }
}
