/**
 * Text the database can store: PostgreSQL refuses the NUL character and (in JSON) lone UTF-16
 * surrogates, so such input is refused with a reason instead of failing the write. Device ids are
 * compared as typed on any keyboard: trimmed and in Unicode NFC.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why the text cannot be stored, or null when it can. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'is not valid Unicode text';
  return null;
}

/** Trimmed and in Unicode NFC: device ids and other identifiers compare equal however they were typed. */
export function normalizeText(text: string): string {
  return text.trim().normalize('NFC');
}
