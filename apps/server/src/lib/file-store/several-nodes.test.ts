// Files on several nodes of one PostgreSQL database (docs/files.md). Two server instances, each
// with its own pool and its own data folder, as two processes behind a load balancer would be:
// an export written by node A's job downloads through node B, and a KYC document uploaded on A is
// served to an administrator on B, because with DATABASE_URL the files live in the database.
// With each node on its own folder (the embedded default's store) the same download on B answers
// 409 REPORT_NOT_READY: what happened before the shared stores.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGetKycFileCall, generateReportCall, getReportCall, getUserKycCall, type TReport } from '@paywallet/contract';
import { JobRunner } from '../../jobs/runner.ts';
import { createTestAdmin } from '../../test/admin.ts';
import { createTestApp, DEMO_MERCHANT, signIn, type TestApp } from '../../test/harness.ts';
import { multipartBody, TINY_PNG as PNG, type MultipartPart } from '../../test/hostile-input.ts';
import { expectLedgerInvariants } from '../../test/money.ts';

/** A multipart/form-data body with one file, like a browser's FormData. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer; type: string }) {
  const boundary = `----paywallet-test-${crypto.randomBytes(8).toString('hex')}`;
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  parts.push({ name: 'file', value: file.bytes, fileName: file.name, contentType: file.type });
  return { payload: multipartBody(parts, boundary), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Generates an export on `writer` and runs its job there; answers the report id once it is ready. */
async function exportOn(writer: TestApp, token: string): Promise<string> {
  const generated = await writer.call(generateReportCall, { reportType: 'transaction', exportAs: 'excel', limit: 50 }, { token });
  expect([generated.code, generated.reason]).toEqual([200, undefined]);
  await new JobRunner(writer.deps, { runnerId: `writer-${writer.deps.files.kind}`, schedules: [] }).drain();
  return generated.data.reportId;
}

/** The ready report as `reader` answers it, with a link minted there, and the download through it. */
async function downloadOn(
  reader: TestApp,
  token: string,
  reportId: string,
): Promise<{ report: TReport; status: number; body: Buffer; reason?: string }> {
  const answer = await reader.call(getReportCall, { reportId }, { token });
  expect(answer.data.status).toBe('ready');
  const response = await reader.app.inject({ method: 'GET', url: answer.data.downloadUrl!, headers: { accesstoken: token } });
  const reason = response.statusCode === 200 ? undefined : response.json<{ reason: string }>().reason;
  return { report: answer.data, status: response.statusCode, body: response.rawPayload, reason };
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('files on two nodes of one PostgreSQL database', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  let token: string;

  beforeAll(async () => {
    nodeA = await createTestApp();
    nodeB = await createTestApp({}, { nodeOf: nodeA });
    token = await signIn(nodeA, DEMO_MERCHANT);
  });

  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('keeps them in the database by default, each node with a folder of its own', () => {
    expect([nodeA.deps.files.kind, nodeB.deps.files.kind]).toEqual(['database', 'database']);
    expect(nodeA.deps.config.dataDir).not.toBe(nodeB.deps.config.dataDir);
  });

  it('downloads through node B an export that node A wrote, byte for byte', async () => {
    const reportId = await exportOn(nodeA, token);
    const downloaded = await downloadOn(nodeB, token, reportId);
    expect(downloaded.status).toBe(200);
    const row = await nodeA.deps.db
      .selectFrom('reports')
      .select(['file_key', 'file_bytes'])
      .where('uuid', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(downloaded.body.length).toBe(Number(row.file_bytes));
    expect(downloaded.body.equals(await nodeA.deps.files.get(row.file_key!))).toBe(true);
    // An xlsx is a zip: it starts with PK.
    expect(downloaded.body.subarray(0, 2).toString()).toBe('PK');
  });

  it('serves on node B a KYC document uploaded on node A', async () => {
    const kyc = await nodeA.call(getUserKycCall, {}, { token });
    const input = kyc.data.inputs.find((candidate) => candidate.input_type.type === 'file')!;
    const { payload, headers } = multipart({ inputId: String(input.id) }, { name: 'passport.png', bytes: PNG, type: 'image/png' });
    const uploaded = await nodeA.app.inject({
      method: 'POST',
      url: '/api/v1/upload-user-kyc-file',
      payload,
      headers: { ...headers, accesstoken: token },
    });
    expect(uploaded.statusCode).toBe(200);
    const fileId = uploaded.json<{ data: { fileId: number } }>().data.fileId;
    // The submission that names the file (what manage-user-kyc writes once every answer is given).
    const merchant = await nodeA.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_MERCHANT.email)
      .executeTakeFirstOrThrow();
    await nodeA.deps.db
      .insertInto('kyc_submissions')
      .values({ user_id: merchant.id, answers: JSON.stringify([{ inputId: input.id, value: String(fileId) }]) })
      .execute();

    const admin = await createTestAdmin(nodeB);
    const served = await nodeB.call(adminGetKycFileCall, { fileId }, { token: admin.token });
    expect(served.status).toBe(200);
    expect(served.data).toEqual({
      file: `data:image/png;base64,${PNG.toString('base64')}`,
      mimeType: 'image/png',
      fileName: 'passport.png',
    });
  });

  it('answers 409 on node B when each node keeps its files in its own folder', async () => {
    const folderA = await createTestApp({ fileStore: 'folder' }, { nodeOf: nodeA });
    const folderB = await createTestApp({ fileStore: 'folder' }, { nodeOf: nodeA });
    try {
      const reportId = await exportOn(folderA, token);
      expect((await downloadOn(folderA, token, reportId)).status).toBe(200);
      const elsewhere = await downloadOn(folderB, token, reportId);
      expect([elsewhere.status, elsewhere.reason]).toEqual([409, 'REPORT_NOT_READY']);
    } finally {
      await folderB.close();
      await folderA.close();
    }
    await expectLedgerInvariants(nodeA);
  });
});
