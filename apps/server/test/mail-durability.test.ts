/**
 * An account e-mail is a job stored before the API answers: the server is killed after answering a
 * forgot-password request and before the mail could go out (its mail server is not up yet: the first
 * attempt fails), and after a restart the mail arrives, once. On the embedded database, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkPath, startMailCatcher, type MailCatcher } from './mail-catcher';
import { freePort, startServerProcess, type ServerProcess } from './server-process';
import { freshPostgresDatabase } from './test-app';

const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-mail-durability-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('account e-mail across a crash', () => {
  it('sends the reset e-mail after a restart when the server died before it went out', async () => {
    const database = process.env.TEST_DATABASE_URL
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL)
      : null;
    if (database) cleanups.push(database.drop);
    const smtpPort = await freePort();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      STATUS_SWEEP_MS: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JOB_POLL_MS: '500',
    };
    let server: ServerProcess = await startServerProcess(env);
    cleanups.push(() => server.stop());
    const response = await fetch(`${server.url}/api/forgot_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@springfield-pd.test' }),
    });
    expect(response.status).toBe(200);
    // Killed once the first attempt has failed (waiting for its retry), not mid-attempt: a job a dead
    // process was running is retried only when its attempt expires (40 s), which would only slow the test.
    await expect
      .poll(() => server.output(), { timeout: 20_000 })
      .toContain('job attempt failed, it will be retried');
    await server.stop('SIGKILL');

    const catcher: MailCatcher = await startMailCatcher(smtpPort);
    cleanups.push(() => catcher.close());
    expect(catcher.received).toEqual([]);
    server = await startServerProcess(env);
    // Within the first retry delay (5 to 10 s after the failed attempt).
    const mail = await catcher.next('user@springfield-pd.test', 60_000);
    expect(mail.subject).toBe('Reset your Flare password');
    expect(linkPath(mail)).toMatch(/^\/welcome\/reset\/user%40springfield-pd\.test\/[\w-]{20,}$/);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(catcher.received).toHaveLength(1);
  }, 120_000);
});
