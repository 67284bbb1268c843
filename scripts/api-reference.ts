// Writes docs/api.md from the contract (packages/contract): every call with who may make it
// and the JSON Schema of its request and response, so the reference never drifts from code.
// Run: npm run docs:api
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import * as contract from '@paywallet/contract';
import type { CallDef } from '@paywallet/contract';

const AUTH_TEXT: Record<CallDef['auth'], string> = {
  public: 'anyone',
  passcode: 'a session past the password step (passcode calls)',
  user: 'a fully signed-in session',
};

function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'path' in value && 'request' in value && 'response' in value && 'auth' in value;
}

function schemaText(schema: z.ZodType, io: 'input' | 'output'): string {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), null, 2);
  } catch (error) {
    return `(not representable: ${String(error)})`;
  }
}

const calls = (Object.values(contract) as unknown[]).filter(isCall).sort((a, b) => a.path.localeCompare(b.path));
const lines = [
  '# API reference',
  '',
  'Generated from `packages/contract` by `npm run docs:api`; do not edit by hand.',
  '',
  'Every call is `POST /api/v1/<path>` with a JSON body (or the encrypted envelope `POST /api`,',
  'see the README), header `accessToken` where a session is needed. Every answer is',
  '`{ code, message, data }` with the HTTP status equal to `code`; a validation failure is 400',
  'with `data.errors` = `{ field: message }`. Amounts are integers in minor units.',
  '',
  ...calls.map((c) => `- [\`${c.path}\`](#${c.path})`),
  '',
];
for (const c of calls) {
  lines.push(`## ${c.path}`, '', `Who: ${AUTH_TEXT[c.auth]}.${c.multipart ? ' Body: multipart (the file part is `file`).' : ''}`, '');
  lines.push('Request:', '', '```json', schemaText(c.request, 'input'), '```', '', 'Response `data`:', '', '```json', schemaText(c.response, 'output'), '```', '');
}
const target = path.resolve(import.meta.dirname, '../docs/api.md');
fs.writeFileSync(target, lines.join('\n'));
console.log(`Wrote ${calls.length} calls to ${path.relative(process.cwd(), target)}`);
