/**
 * `COPY (query) TO STDOUT WITH CSV` for a compiled Kysely query. COPY takes no bind parameters, so
 * the query's parameters are written into it as literals, quoted by node-postgres (`escapeLiteral`:
 * quotes doubled, a backslash making it an E'' string); PostgreSQL gives each literal its type from
 * where it stands, as it does a parameter.
 */
import type { CompiledQuery } from 'kysely';
import pg from 'pg';

function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error(`cannot write ${value} into SQL`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`cannot write a ${typeof value} parameter into SQL`);
}

/** The query with its parameters as literals. Kysely writes parameters as $1, $2, ... and no other `$`. */
export function inlineParameters(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= query.parameters.length) throw new Error(`no parameter $${n}`);
    return literalOf(query.parameters[index]);
  });
}

export const copyCsvStatement = (query: CompiledQuery): string =>
  `COPY (${inlineParameters(query)}) TO STDOUT WITH (FORMAT csv)`;
