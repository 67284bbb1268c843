// Writes docs/api.md from the contract (packages/contract): every call of every door with who may
// make it, how it is reached, and the JSON Schema of its request and response, so the reference
// never drifts from code. Run: npm run docs:api
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import * as contract from '@paywallet/contract';
import { doorOf, isCallDef, type CallDef, type TDoor } from '@paywallet/contract';
import prettier from 'prettier';

const SESSION_TEXT: Record<CallDef['session'], string> = {
  none: 'no session',
  passcode: 'a session past the password step',
  full: 'a fully signed-in session',
};

const DOOR_PREFIX: Record<TDoor, string> = { web: '/api', 'merchant-api': '/api/merchant/v1', 'pos-api': '/api/pos/v1' };

const DOORS: Array<{ door: TDoor; title: string; intro: string[] }> = [
  {
    door: 'web',
    title: 'The web app',
    intro: [
      'Every JSON call is `POST /api/v1/<path>` with a JSON body (or the encrypted envelope `POST /api`,',
      'see the README), header `accessToken` where a session is needed. Every answer is',
      '`{ code, message, data }` with the HTTP status equal to `code`; a refusal adds `reason`, the',
      "error's name (see `packages/contract/src/errors.ts`); a validation failure is 400 with reason",
      '`VALIDATION_FAILED` and `data.errors` = `{ field: message }` (a field the request does not',
      'declare is refused too). Amounts are integers in minor units. The two calls that answer a file',
      'or a stream are GET routes of their own, with the same policy.',
    ],
  },
  {
    door: 'merchant-api',
    title: 'The merchant server API',
    intro: [
      "A merchant's own server: `/api/merchant/v1`, HTTP Basic with the App Settings client id and",
      'secret, `Idempotency-Key` on every POST that moves money. A refusal answers',
      '`{ error: { code, message, fields? } }` with the status of its name (a declined card 402 with',
      'the failed payment). The OpenAPI document is served at `/api/merchant/openapi.json` (see',
      '[merchant-api.md](merchant-api.md) and [doors.md](doors.md)).',
    ],
  },
  {
    door: 'pos-api',
    title: 'The POS device API',
    intro: [
      'A POS device: `/api/pos/v1`, `Authorization: Bearer <token>` of a device session (from the',
      'sign-in call), `Idempotency-Key` on the operations that move money. A refusal answers',
      '`{ error: { code, message, fields? } }` (see [pos-api.md](pos-api.md) and [doors.md](doors.md)).',
    ],
  },
];

function reachedText(c: CallDef): string {
  if (!c.http) return `\`POST /api/v1/${c.path}\``;
  return `\`${c.http.method} ${DOOR_PREFIX[doorOf(c)]}${c.http.path}\`, ${c.http.status} on success`;
}

function policyText(c: CallDef): string {
  const audience = c.audience === 'any' ? 'anyone' : c.audience.join(', ');
  const credential =
    doorOf(c) === 'web'
      ? SESSION_TEXT[c.session]
      : c.session === 'none'
        ? 'no credential'
        : doorOf(c) === 'pos-api'
          ? 'a device session'
          : 'its API key';
  const feature = c.feature === null ? 'none (open to the whole audience)' : `\`${c.feature}\` (staff need it granted)`;
  const audit = c.audit === null ? 'none' : `\`${c.audit}\``;
  return `Reached at ${reachedText(c)}. Who: ${audience}, with ${credential}. Feature: ${feature}. Kind: ${c.kind}. Audit: ${audit}.`;
}

function schemaText(schema: z.ZodType, io: 'input' | 'output'): string {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), null, 2);
  } catch (error) {
    return `(not representable: ${String(error)})`;
  }
}

function requestLines(c: CallDef): string[] {
  const parts = c.http ? (['params', 'query', 'body'] as const).filter((part) => c.http![part]) : [];
  if (parts.length === 0) return ['Request:', '', '```json', schemaText(c.request, 'input'), '```', ''];
  const names = { params: 'Path parameters', query: 'Query', body: 'Body' } as const;
  return parts.flatMap((part) => [`${names[part]}:`, '', '```json', schemaText(c.http![part]!, 'input'), '```', '']);
}

function responseLines(c: CallDef): string[] {
  if (c.answer === 'file') return ['Answer: the file, as an attachment.', ''];
  if (c.answer === 'event-stream') return ['Answer: Server-Sent Events (`text/event-stream`).', ''];
  const label = doorOf(c) === 'web' ? 'Response `data`:' : 'Response:';
  return [label, '', '```json', schemaText(c.response, 'output'), '```', ''];
}

const anchor = (c: CallDef) => c.path.replace(/\//g, '');
const calls = (Object.values(contract) as unknown[]).filter(isCallDef).sort((a, b) => a.path.localeCompare(b.path));
const lines = ['# API reference', '', 'Generated from `packages/contract` by `npm run docs:api`; do not edit by hand.', ''];
for (const { door, title, intro } of DOORS) {
  const ofDoor = calls.filter((c) => doorOf(c) === door);
  lines.push(`## ${title}`, '', ...intro, '', ...ofDoor.map((c) => `- [\`${c.path}\`](#${anchor(c)})`), '');
}
for (const c of calls) {
  lines.push(`### ${c.path}`, '', `${policyText(c)}${c.multipart ? ' Body: multipart (the file part is `file`).' : ''}`, '');
  if (c.summary || c.description) lines.push([c.summary, c.description].filter(Boolean).join('. '), '');
  lines.push(...requestLines(c), ...responseLines(c));
}
const target = path.resolve(import.meta.dirname, '../docs/api.md');
// Written as CI's `prettier --check .` wants it, so a regenerated reference never fails the check.
const options = await prettier.resolveConfig(target);
fs.writeFileSync(target, await prettier.format(lines.join('\n'), { ...options, filepath: target }));
console.log(`Wrote ${calls.length} calls to ${path.relative(process.cwd(), target)}`);
