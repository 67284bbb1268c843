// What any text from a client must be, whatever the field:
//  - within its length limit, checked first: a limit is a zod check with `abort: true`, so a
//    1 MB value is refused by the limit alone and no later check (a pattern, a refinement)
//    ever sees it. zod 4 runs every check of a failing value unless told to stop.
//  - free of control characters: PostgreSQL refuses NUL in text, and no field of ours has a use
//    for the others. Tab, CR and LF are allowed only in a free-text field (`zFreeText`).
//  - well-formed UTF-16: a lone surrogate (JSON's "\ud800" escape, with no partner) has no UTF-8
//    form. PostgreSQL refuses it in jsonb (an audit row's detail: a 500) and the driver turns it
//    into U+FFFD in text (the stored value is not what was sent). Either way it cannot be stored.
// The server applies both rules once, to every string of every request, at every door (the
// dispatcher, the merchant and POS APIs: `controlCharacterIssues`); a field does not have to ask.
import { z } from 'zod';
import { fieldLabel } from './error-map.ts';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function isControlCode(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/**
 * Whether the text holds a C0 or C1 control character (DEL included); with
 * `allowLineBreaks`, tab, LF and CR are not counted. One pass over the text.
 */
export function hasControlCharacter(text: string, allowLineBreaks = false): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!isControlCode(code)) continue;
    if (allowLineBreaks && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Whether the text holds a surrogate without its partner (it is not well-formed UTF-16, so it has
 * no UTF-8 form). `String.prototype.isWellFormed` says the same; this runs on any engine the web
 * app supports. One pass over the text.
 */
export function hasLoneSurrogate(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) index++;
    else if (isHighSurrogate(code) || isLowSurrogate(code)) return true;
  }
  return false;
}

/** The text with each control character and lone surrogate shown as '?' (a field name in a message). */
function printable(text: string): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    return isControlCode(code) || (char.length === 1 && (isHighSurrogate(code) || isLowSurrogate(code))) ? '?' : char;
  }).join('');
}

export const TEXT_MESSAGES = {
  controlCharacters: (field: string) => `The ${field} may not contain control characters`,
  loneSurrogate: (field: string) => `The ${field} is not valid text: it holds half of a character (an unpaired surrogate)`,
  tooLong: (field: string, maxChars: number) => `The ${field} may not be greater than ${maxChars} characters`,
} as const;

/** A length limit that stops the checks after it when it fails: put it first. */
export function limitFirst(field: string, maxChars: number) {
  return { message: TEXT_MESSAGES.tooLong(field, maxChars), abort: true } as const;
}

/** Text of at most `maxChars`, the limit checked before anything else; trimmed. */
export const zText = (field: string, maxChars: number) => z.string().max(maxChars, limitFirst(field, maxChars)).trim();

/** Schemas whose text may span lines (tab, CR and LF allowed). */
const multilineSchemas = new WeakSet<z.ZodType>();

/** Free text (notes, a message): like zText, but tab, CR and LF are allowed. */
export function zFreeText(field: string, maxChars: number) {
  const schema = zText(field, maxChars);
  multilineSchemas.add(schema);
  return schema;
}

/** The schema inside optional, nullable, default and pipe wrappers (the one that reads the input). */
function innermost(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = (current as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

/** The top-level fields of a request that are free text (they may hold tab, CR and LF). */
export function multilineFields(request: z.ZodType): ReadonlySet<string> {
  const shape = (request as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return new Set();
  return new Set(Object.keys(shape).filter((key) => multilineSchemas.has(innermost(shape[key]!))));
}

export interface TextIssue {
  /** Dotted path of the field ('kyc.0.value'), or '_' for the body itself. */
  field: string;
  message: string;
}

/** Walks no deeper than this; a request nested deeper is refused as a whole. */
export const TEXT_WALK_DEPTH_MAX = 32;
/** Stops after this many problems: one per field is enough for any form. */
const TEXT_ISSUES_MAX = 20;

/**
 * Longer than any field's limit: a string this long is refused by its field's limit, which runs
 * before anything else, so the check before the schema does not scan it (limits come first).
 */
export const TEXT_SCAN_MAX_CHARS = 20_000;

/**
 * Every string (and every object key) in a request, walked without recursion: the fields that
 * hold text that cannot be stored (a control character, or a lone surrogate), each with its
 * message. `multiline` names the top-level fields that may hold tab, CR and LF; strings over
 * `scanMaxChars` are left to their field's limit.
 */
export function controlCharacterIssues(
  value: unknown,
  multiline: ReadonlySet<string> = new Set(),
  scanMaxChars = Number.POSITIVE_INFINITY,
): TextIssue[] {
  const issues: TextIssue[] = [];
  // A key that cannot be stored is pushed as its own entry, so issues come in field order.
  const stack: Array<{ value: unknown; path: (string | number)[]; badKey?: string }> = [{ value, path: [] }];
  while (stack.length > 0 && issues.length < TEXT_ISSUES_MAX) {
    const { value: current, path, badKey } = stack.pop()!;
    if (badKey) {
      issues.push({ field: path.join('.'), message: badKey });
    } else if (path.length > TEXT_WALK_DEPTH_MAX) {
      issues.push({ field: '_', message: 'The request is nested too deeply' });
      break;
    } else if (typeof current === 'string') {
      if (current.length > scanMaxChars) continue;
      const top = path[0];
      const message = unstorableTextMessage(current, typeof top === 'string' && multiline.has(top));
      if (message) issues.push({ field: path.join('.') || '_', message: message(fieldLabel(path)) });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], path: [...path, index] });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current).reverse()) {
        const badKey = unstorableKeyMessage(key);
        if (badKey) stack.push({ value: undefined, path: [...path, printable(key)], badKey });
        else stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return issues;
}

/** Why this text cannot be stored, as a message about its field; undefined when it can. */
function unstorableTextMessage(text: string, allowLineBreaks: boolean): ((field: string) => string) | undefined {
  if (hasControlCharacter(text, allowLineBreaks)) return TEXT_MESSAGES.controlCharacters;
  if (hasLoneSurrogate(text)) return TEXT_MESSAGES.loneSurrogate;
  return undefined;
}

/** Why this object key cannot be stored; undefined when it can. */
function unstorableKeyMessage(key: string): string | undefined {
  if (hasControlCharacter(key)) return 'A field name may not contain control characters';
  if (hasLoneSurrogate(key)) return 'A field name may not contain unpaired surrogates';
  return undefined;
}

/**
 * Text the server keeps without asking the caller to fix it (a request header such as the user
 * agent): control characters and lone surrogates dropped, at most `maxChars`, never cut between
 * the two halves of a pair (a cut there would leave a lone surrogate of its own).
 */
export function storableText(text: string, maxChars: number): string {
  let kept = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (isControlCode(code) || (char.length === 1 && (isHighSurrogate(code) || isLowSurrogate(code)))) continue;
    if (kept.length + char.length > maxChars) break;
    kept += char;
  }
  return kept;
}

/** '+•••43': a phone shown by its last two digits, to someone who looked its owner up by e-mail. */
export function maskPhone(phone: string): string {
  return `+•••${phone.slice(-2)}`;
}

/** 'm•••@example.com': the first character, three bullets whatever the length, the domain (DECISIONS 26). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
