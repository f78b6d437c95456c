/**
 * One place to find each job: a job named `name` is defined in `<name>.job.ts` (one job per file) and
 * listed in docs/jobs.md, so the list of jobs is the list of those files.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = join(import.meta.dirname, '../..');
const JOBS_DOC = join(import.meta.dirname, '../../../../../docs/jobs.md');
const DEFINITION = /defineJob\(\s*'([^']+)'/g;

async function definitions(): Promise<Array<{ file: string; name: string }>> {
  const files = (await readdir(SOURCE, { recursive: true })).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
  );
  const found: Array<{ file: string; name: string }> = [];
  for (const file of files) {
    const text = await readFile(join(SOURCE, file), 'utf8');
    for (const [, name] of text.matchAll(DEFINITION)) found.push({ file, name: name! });
  }
  return found;
}

describe('job files', () => {
  it('defines each job in a file named after it, one job per file', async () => {
    const found = await definitions();
    expect(found.length).toBeGreaterThanOrEqual(12);
    for (const { file, name } of found) expect(basename(file), `job ${name}`).toBe(`${name}.job.ts`);
  });

  it('lists every job in docs/jobs.md, and no other', async () => {
    const doc = await readFile(JOBS_DOC, 'utf8');
    const listed = [...doc.matchAll(/^\| `([a-z0-9._-]+)` \|/gm)].map(([, name]) => name);
    const defined = (await definitions()).map(({ name }) => name);
    expect(listed.sort()).toEqual(defined.sort());
  });
});
