// Writes docs/api.md from the contract (packages/contract): every call with who may make it
// and the JSON Schema of its request and response, so the reference never drifts from code.
// Run: npm run docs:api
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import * as contract from '@paywallet/contract';
import { isCallDef, type CallDef } from '@paywallet/contract';

const SESSION_TEXT: Record<CallDef['session'], string> = {
  none: 'no session',
  passcode: 'a session past the password step',
  full: 'a fully signed-in session',
};

function policyText(c: CallDef): string {
  const audience = c.audience === 'any' ? 'anyone' : c.audience.join(', ');
  const feature = c.feature === null ? 'none (open to the whole audience)' : `\`${c.feature}\` (staff need it granted)`;
  const audit = c.audit === null ? 'none' : `\`${c.audit}\``;
  return `Who: ${audience}, with ${SESSION_TEXT[c.session]}. Feature: ${feature}. Kind: ${c.kind}. Audit: ${audit}.`;
}

function schemaText(schema: z.ZodType, io: 'input' | 'output'): string {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), null, 2);
  } catch (error) {
    return `(not representable: ${String(error)})`;
  }
}

const calls = (Object.values(contract) as unknown[]).filter(isCallDef).sort((a, b) => a.path.localeCompare(b.path));
const lines = [
  '# API reference',
  '',
  'Generated from `packages/contract` by `npm run docs:api`; do not edit by hand.',
  '',
  'Every call is `POST /api/v1/<path>` with a JSON body (or the encrypted envelope `POST /api`,',
  'see the README), header `accessToken` where a session is needed. Every answer is',
  '`{ code, message, data }` with the HTTP status equal to `code`; a refusal adds `reason`, the',
  "error's name (see `packages/contract/src/errors.ts`); a validation failure is 400 with reason",
  '`VALIDATION_FAILED` and `data.errors` = `{ field: message }`. Amounts are integers in minor units.',
  '',
  ...calls.map((c) => `- [\`${c.path}\`](#${c.path})`),
  '',
];
for (const c of calls) {
  lines.push(`## ${c.path}`, '', `${policyText(c)}${c.multipart ? ' Body: multipart (the file part is `file`).' : ''}`, '');
  lines.push(
    'Request:',
    '',
    '```json',
    schemaText(c.request, 'input'),
    '```',
    '',
    'Response `data`:',
    '',
    '```json',
    schemaText(c.response, 'output'),
    '```',
    '',
  );
}
const target = path.resolve(import.meta.dirname, '../docs/api.md');
fs.writeFileSync(target, lines.join('\n'));
console.log(`Wrote ${calls.length} calls to ${path.relative(process.cwd(), target)}`);
