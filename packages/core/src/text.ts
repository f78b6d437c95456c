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

/** "1 point", "3 points", "1,200 points": a count with its noun in the number it needs. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * A period as people say it, in its largest whole unit: "7 days", "1 day", "2 hours", "30 minutes"
 * (a link "expires in 168 hour(s)" makes the reader do the sum).
 */
export function periodInWords(seconds: number): string {
  const units: Array<[string, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units)
    if (seconds >= size && seconds % size === 0) return countOf(seconds / size, unit);
  return countOf(Math.max(1, Math.round(seconds / 60)), 'minute');
}
