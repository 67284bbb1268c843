// The name an uploaded file is kept under. A file name is text the caller chose, stored and shown
// back (the KYC review, an owner's document): as sent it may carry HTML, bidi overrides that make
// 'gpj.exe' read as 'exe.jpg', zero-width characters, a Windows or Unix path, or 5,000
// characters. What is kept is cleaned and bounded, and never empty:
//   1. only the last segment of a path ('C:\Users\me\passport.png' -> 'passport.png');
//   2. whitespace of any kind (tab, line breaks, Unicode spaces) made one space per run;
//   3. control characters (Cc), format characters (Cf: bidi controls, zero-width joiners, BOM),
//      lone surrogates, and the characters Windows refuses in a name (< > : " | ? *) removed;
//      dots and spaces trimmed at both ends (no hidden '.name', no 'name.' Windows drops);
//   4. at most FILE_NAME_MAX_CHARS code points, cut in the stem so the extension stays;
//   5. FILE_NAME_FALLBACK when nothing is left.
// The file's type is never read from its name (the bytes are sniffed), so the extension kept
// here is only for a person reading the name.

export const FILE_NAME_MAX_CHARS = 120;
/** The longest ending kept as an extension when a long name is cut ('.jpeg', '.docx', '.tar.gz' keeps '.gz'). */
const EXTENSION_MAX_CHARS = 10;
export const FILE_NAME_FALLBACK = 'file';
/**
 * A longer last segment keeps only its start and its end before the work below (the end holds the
 * extension): the stored name never uses more, and the work stays bounded whatever was sent.
 */
const RAW_NAME_SCAN_MAX_CHARS = 4 * 1024;
const RAW_NAME_TAIL_CHARS = 64;

// Tab, line breaks and every Unicode space or separator (Zs, Zl, Zp): one space each run.
const WHITESPACE = /[\t\n\v\f\r\p{Z}]+/gu;
// Cc, Cf and Cs: with the u flag the pattern walks code points, so a pair is one character and
// only a lone surrogate is Cs.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
const WINDOWS_RESERVED = /[<>:"|?*]/g;
const EDGE_DOTS_AND_SPACES = /^[.\s]+|[.\s]+$/g;

/** The name an upload is stored under: cleaned, bounded, never empty. */
export function cleanFileName(raw: string): string {
  const cleaned = boundedLastSegment(raw)
    .normalize('NFC')
    .replace(WHITESPACE, ' ')
    .replace(INVISIBLE, '')
    .replace(WINDOWS_RESERVED, '')
    .replace(EDGE_DOTS_AND_SPACES, '');
  const bounded = withinLength(cleaned);
  return bounded === '' ? FILE_NAME_FALLBACK : bounded;
}

/** The part after the last '/' or '\\', its middle left out when it is longer than anything kept. */
function boundedLastSegment(raw: string): string {
  const segment = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  if (segment.length <= RAW_NAME_SCAN_MAX_CHARS) return segment;
  return segment.slice(0, RAW_NAME_SCAN_MAX_CHARS - RAW_NAME_TAIL_CHARS) + segment.slice(-RAW_NAME_TAIL_CHARS);
}

/** The name cut to FILE_NAME_MAX_CHARS code points (never inside a surrogate pair), keeping its extension. */
function withinLength(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const keep = extension.length >= 2 && extension.length <= EXTENSION_MAX_CHARS ? extension : [];
  const stem = chars
    .slice(0, FILE_NAME_MAX_CHARS - keep.length)
    .join('')
    .replace(EDGE_DOTS_AND_SPACES, '');
  return stem + keep.join('');
}
