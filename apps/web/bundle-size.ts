/**
 * What a browser loads before a screen is usable, read off a production build, and the budgets it
 * must stay within (gzip, as a browser receives it): the sign-in page is the entry chunk and its
 * static imports; the dashboard shell's first paint adds the dashboard's own chunk
 * (src/app/dashboard-routes.tsx) and its static imports. `scripts/bundle-size.test.ts` fails a change
 * that goes over a budget; `npm run bench` reports the figures.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/**
 * Kilobytes (1,024 bytes) of gzipped JavaScript. Set just above what the app loads today, so that
 * growth is a decision; the goal for sign-in is 150 kB (docs/benchmarks.md says what stands between).
 */
export const BUNDLE_BUDGETS_KB = { signIn: 200, dashboard: 330 } as const;

export interface BuiltChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  /** The module a dynamic import of it names (absent for shared chunks). */
  facadeModuleId: string | null;
  /** Chunks it imports statically (loaded with it). */
  imports: string[];
  moduleIds: string[];
}

export interface InitialJavaScript {
  /** Chunk file names, and their gzipped bytes together. */
  signIn: { files: string[]; bytes: number };
  dashboard: { files: string[]; bytes: number };
  /** Every chunk of the build together. */
  allBytes: number;
}

const DASHBOARD_MODULE = /[\\/]src[\\/]app[\\/]dashboard-routes\.tsx$/;

export function initialJavaScript(chunks: BuiltChunk[]): InitialJavaScript {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzipped = (names: Iterable<string>) =>
    [...names].reduce((sum, name) => sum + gzipSync(byName.get(name)!.code).length, 0);
  const withStaticImports = (start: string[]) => {
    const found = new Set<string>();
    const visit = (name: string) => {
      if (found.has(name)) return;
      found.add(name);
      byName.get(name)?.imports.forEach(visit);
    };
    start.forEach(visit);
    return [...found];
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const dashboard = chunks.find((chunk) => DASHBOARD_MODULE.test(chunk.facadeModuleId ?? ''));
  if (!entry || !dashboard) throw new Error('the web build has no entry chunk or no dashboard chunk');
  const signInFiles = withStaticImports([entry.fileName]);
  const dashboardFiles = withStaticImports([entry.fileName, dashboard.fileName]);
  return {
    signIn: { files: signInFiles, bytes: gzipped(signInFiles) },
    dashboard: { files: dashboardFiles, bytes: gzipped(dashboardFiles) },
    allBytes: gzipped(byName.keys()),
  };
}

/** Builds the web app in memory, as `npm run build` does, and returns its JavaScript chunks. */
export async function buildWebChunks(): Promise<BuiltChunk[]> {
  const root = import.meta.dirname;
  // Vite and React read NODE_ENV: under a test runner (NODE_ENV=test) the build would otherwise be a
  // development one, React's development build among it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      configFile: path.join(root, 'vite.config.ts'),
      root,
      mode: 'production',
      logLevel: 'error',
      build: { write: false, sourcemap: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Array<{
    output: Array<Partial<BuiltChunk> & { type: string }>;
  }>;
  return outputs
    .flatMap(({ output }) => output)
    .filter((item): item is BuiltChunk & { type: 'chunk' } => item.type === 'chunk');
}

export const kB = (bytes: number) => bytes / 1024;
