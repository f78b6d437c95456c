import { describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { copyCsvStatement, inlineParameters } from './copy-statement';

const compiled = (sql: string, parameters: unknown[]) => ({ ...CompiledQuery.raw(sql), parameters });

describe('a COPY statement', () => {
  it('writes the parameters as quoted literals', () => {
    const query = compiled('select $1, $2, $3, $4, $5, $6, $10', [
      "O'Brien",
      'back\\slash',
      new Date('2026-11-29T06:00:00.000Z'),
      42.5,
      true,
      null,
      ...Array.from({ length: 3 }),
      'tenth',
    ]);
    expect(inlineParameters(query)).toBe(
      "select 'O''Brien',  E'back\\\\slash', '2026-11-29T06:00:00.000Z', 42.5, TRUE, NULL, 'tenth'",
    );
    expect(copyCsvStatement(compiled('select $1', ['x']))).toBe(
      "COPY (select 'x') TO STDOUT WITH (FORMAT csv)",
    );
  });

  it('refuses what it cannot write safely', () => {
    expect(() => inlineParameters(compiled('select $2', ['x']))).toThrow('no parameter $2');
    expect(() => inlineParameters(compiled('select $1', [{}]))).toThrow();
    expect(() => inlineParameters(compiled('select $1', [Number.NaN]))).toThrow();
  });
});
