// Answers leave through their call's response schema: zod keeps what the schema declares and
// drops the rest, so a column a handler passes along by mistake (a hash, an internal id) never
// reaches a client. In strict mode (tests and development) such a field is a defect and fails
// the call, so the test that exercises it names the field.
import type { CallDef } from '@paywallet/contract';
import { assert } from '@paywallet/ledger';
import { plain } from './json.ts';

export function serialiseResponse(call: CallDef, raw: unknown, strict: boolean): unknown {
  const data = plain(raw);
  const parsed = call.response.safeParse(data);
  assert(parsed.success, `response of ${call.path} breaks its contract: ${parsed.error?.message}`);
  if (strict) {
    const extra = undeclaredPaths(data, parsed.data);
    assert(extra.length === 0, `response of ${call.path} carries undeclared fields: ${extra.join(', ')}`);
  }
  return parsed.data;
}

/** The paths of `sent` that `kept` lacks: what the schema stripped. */
export function undeclaredPaths(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(kept)) return [];
    return sent.flatMap((item, index) => undeclaredPaths(item, kept[index], `${at}[${index}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    if (!(key in kept)) return [path];
    return undeclaredPaths(sent[key], kept[key], path);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
