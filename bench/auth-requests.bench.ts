/**
 * What signing in and checking a session costs per request. Baseline: GET /api/version, a public
 * route with no database work, measured in the same process and run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@flare/server/src/app';
import { loadConfig } from '@flare/server/src/config';

const PASSWORD = 'Bench!pass1';

async function timePerCall(
  calls: number,
  call: () => Promise<unknown>,
  warmup = Math.min(50, calls),
): Promise<number> {
  for (let i = 0; i < warmup; i++) await call();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return (performance.now() - start) / calls;
}

export async function benchAuthenticatedRequests() {
  const flare = await buildApp(
    loadConfig({
      DEMO_PASSWORD: PASSWORD,
      WEB_DIST: '/nonexistent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'flare-bench-')),
      AUTH_RATE_LIMIT_IP: '1000000',
      AUTH_RATE_LIMIT_EMAIL: '1000000',
    }),
    {
      logger: false,
      database: { pgliteDir: 'memory://' },
    },
  );
  const { app } = flare;
  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { grant_type: 'password', username: 'admin@springfield-pd.test', password: PASSWORD },
    });
  const { access_token } = (await signIn()).json<{ access_token: string }>();
  const headers = { authorization: `Bearer ${access_token}` };

  const baseline = await timePerCall(2000, () => app.inject({ method: 'GET', url: '/api/version' }));
  const profile = await timePerCall(1000, () => app.inject({ method: 'GET', url: '/api/profile', headers }));
  const signInCost = await timePerCall(20, signIn);
  // Wrong password for a real account versus an unknown address: answers should take about as long.
  // Each known account gets 4 wrong attempts, staying below the lockout at 5.
  const known = ['media', 'user', 'admin', 'orgadmin'].map((box) => `${box}@capital-roadworks.test`);
  let next = 0;
  const attempt = (username: () => string) => () =>
    app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { grant_type: 'password', username: username(), password: 'Wrong!pass1' },
    });
  const knownEmail = await timePerCall(
    16,
    attempt(() => known[next++ % known.length]!),
    0,
  );
  const unknownEmail = await timePerCall(
    16,
    attempt(() => 'nobody@nowhere.test'),
    0,
  );
  await app.close();
  return {
    name: 'authenticated GET /api/profile vs GET /api/version',
    ratio: profile / baseline,
    detail: `baseline ${baseline.toFixed(3)} ms/request; profile ${profile.toFixed(3)} ms; password sign-in ${(signInCost / baseline).toFixed(0)}x baseline (argon2id by design); wrong password, unknown vs known email: ${(unknownEmail / knownEmail).toFixed(2)}x`,
  };
}
