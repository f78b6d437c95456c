/**
 * CSV as exports write it (RFC 4180): records end in CRLF, fields holding a comma, a quote or a line
 * break are quoted (quotes doubled), the file is UTF-8 and starts with a byte-order mark (so
 * spreadsheets read it as UTF-8) and a header row.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/** csv-stringify's options for the records. */
export const CSV_RECORDS: Options = { record_delimiter: 'windows' };

/** The start of the file: the byte-order mark and the header row. */
export const csvHead = (header: string[]): string => stringify([header], { ...CSV_RECORDS, bom: true });

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * PostgreSQL's CSV (COPY) as exports write it: its records end in LF, so a CR goes before each LF that
 * ends a record (one outside quotes; a line break inside a quoted field is the field's own). Counts
 * the records that pass, for the export's progress.
 */
export class CrlfRecords extends Transform {
  private quoted = false;

  constructor(private readonly onRecords: (count: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const recordEnds: number[] = [];
    let quoted = this.quoted;
    // Jumps from quote to quote and line end to line end (indexOf), not byte by byte: a quote opens or
    // closes a quoted field (a doubled quote closes and reopens it), so only line ends outside count.
    let nextQuote = chunk.indexOf(QUOTE);
    let at = 0;
    for (;;) {
      if (quoted) {
        if (nextQuote < 0) break;
        quoted = false;
      } else {
        const lineEnd = chunk.indexOf(LF, at);
        if (lineEnd >= 0 && (nextQuote < 0 || lineEnd < nextQuote)) {
          recordEnds.push(lineEnd);
          at = lineEnd + 1;
          continue;
        }
        if (nextQuote < 0) break;
        quoted = true;
      }
      at = nextQuote + 1;
      nextQuote = chunk.indexOf(QUOTE, at);
    }
    this.quoted = quoted;
    if (recordEnds.length === 0) return done(null, chunk);
    const out = Buffer.allocUnsafe(chunk.length + recordEnds.length);
    let from = 0;
    let written = 0;
    for (const end of recordEnds) {
      written += chunk.copy(out, written, from, end);
      out[written++] = CR;
      from = end;
    }
    chunk.copy(out, written, from);
    this.onRecords(recordEnds.length);
    done(null, out);
  }
}
