import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The server's tests run on the embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * They share one module graph per worker (no isolation): each file would otherwise import the whole
 * server again, seconds of CPU per file, about half the time of the server tests. So a file leaves
 * nothing behind in modules or globals (stubbed globals and environment variables are restored after
 * each test); a file that replaces modules (vi.mock) is named *.isolated.test.ts (a lint rule says so)
 * and runs with a module graph of its own.
 */
const serverProjects = (name: string, databaseUrl: string): TestProjectInlineConfiguration[] => {
  const test = {
    root: 'apps/server',
    env: { TEST_DATABASE_URL: databaseUrl },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    unstubGlobals: true,
    unstubEnvs: true,
    // What a test waits for (a message through the bus, a job's row) comes within seconds on a
    // loaded machine; expect.poll's default of 1 s is a timing bound.
    expect: { poll: { timeout: 10_000 } },
  };
  const isolated = '**/*.isolated.test.ts';
  return [
    {
      test: {
        ...test,
        name,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: [isolated],
        isolate: false,
        // Test apps start from one database migrated and seeded once per run.
        globalSetup: ['./test/global-setup.ts'],
      },
    },
    { test: { ...test, name: `${name}-isolated`, include: [isolated] } },
  ];
};

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machines,
    // which then runs every file in turn. Most test time is spent waiting (on server processes,
    // timers, the browser), so three workers finish the suite much sooner on two cores.
    maxWorkers: 3,
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      ...serverProjects('server', ''),
      ...(postgresUrl ? serverProjects('server-postgres', postgresUrl) : []),
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test-setup.ts'],
          // One module graph per worker, not the app's modules loaded again for each file (most of
          // this project's time); test-setup.ts resets what a file leaves behind.
          isolate: false,
          // A screen test clicks through several lazily loaded screens: seconds on a loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          // Finds the browser once (support/chromium.ts), says which, or fails the run at once.
          globalSetup: ['./support/global-setup.ts'],
          // The servers run inside the workers: one module graph per worker, not the server's
          // modules loaded again for each file.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // The browser tests run after the other projects, two files at a time (each file runs its
          // own server and browser): on two cores more at once starve them, fewer leave a core idle
          // while one waits on timers.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // A screen settles within seconds on a loaded machine (the server tests run beside these),
          // as Playwright's own waits allow; expect.poll's default of 1 s does not.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});
