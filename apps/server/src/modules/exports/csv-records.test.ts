import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CrlfRecords, csvHead } from './csv-records';

/** PostgreSQL's CSV cut into chunks of `size` bytes, through the transform. */
async function throughCrlf(csv: string, size: number) {
  const bytes = Buffer.from(csv);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  let records = 0;
  const out = await text(Readable.from(chunks).pipe(new CrlfRecords((count) => (records += count))));
  return { out, records };
}

describe('CSV records', () => {
  const copyOutput = 'a,"line one\nline two",3\n"say ""hi""\n",,x\nplain,"",\n';
  const expected = 'a,"line one\nline two",3\r\n"say ""hi""\n",,x\r\nplain,"",\r\n';

  it('end in CRLF, line breaks inside quoted fields untouched, however the chunks fall', async () => {
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const { out, records } = await throughCrlf(copyOutput, size);
      expect(out, `chunks of ${size}`).toBe(expected);
      expect(records).toBe(3);
    }
    expect(parse(expected)).toEqual([
      ['a', 'line one\nline two', '3'],
      ['say "hi"\n', '', 'x'],
      ['plain', '', ''],
    ]);
  });

  it('start with a byte-order mark and the header row', () => {
    expect(csvHead(['asset_id', 'name, full'])).toBe('\ufeffasset_id,"name, full"\r\n');
  });
});
