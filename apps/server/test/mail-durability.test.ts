/**
 * An account e-mail is a job stored before the API answers: the server is killed after answering a
 * forgot-password request and before the mail could go out (its mail server is not up yet: the first
 * attempt fails), and after a restart the mail arrives, once. On the embedded database, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { accountMailJob } from '../src/modules/auth/account-mail.job';
import { openDatabase } from '../src/platform/db/database';
import { linkPath, startMailCatcher, type MailCatcher } from './mail-catcher';
import { startServerProcess, type ServerProcess } from './server-process';
import { seededServerData } from './test-app';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Health {
  jobs: { queues: Record<string, { queued: number; active: number } | undefined> };
}

describe('account e-mail across a crash', () => {
  it('sends the reset e-mail after a restart when the server died before it went out', async () => {
    const data = await seededServerData();
    cleanups.push(data.drop);
    // The mail server is down until the server has been killed.
    const catcher: MailCatcher = await startMailCatcher();
    cleanups.push(() => catcher.close());
    catcher.refuse(true);
    const env = {
      ...data.env,
      STATUS_SWEEP_MS: '0',
      SMTP_URL: catcher.url,
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
    const mailJobs = async () => {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as Health;
      return health.jobs.queues[accountMailJob.name];
    };
    // Killed once the first attempt has failed and the job waits for its retry (the failure stored:
    // queued again, not running), not mid-attempt: a job a dead process was running is retried only
    // when its attempt expires (40 s), which would only slow the test.
    await expect
      .poll(() => server.output(), { timeout: 60_000 })
      .toContain('job attempt failed, it will be retried');
    await expect.poll(mailJobs, { timeout: 60_000 }).toMatchObject({ queued: 1, active: 0 });
    await server.stop('SIGKILL');

    // Its retry is due 5 to 10 s after the failed attempt (pg-boss compares start_after with the
    // database's clock): due now instead, as it would stand then.
    const opened = await openDatabase(data.target);
    const retried = await sql`update pgboss.job set start_after = now()
      where name = ${accountMailJob.name} and state = 'retry'`.execute(opened.db);
    await opened.db.destroy();
    expect(Number(retried.numAffectedRows)).toBe(1);

    catcher.refuse(false);
    expect(catcher.received).toEqual([]);
    server = await startServerProcess(env);
    const mail = await catcher.next('user@springfield-pd.test', 60_000);
    expect(mail.subject).toBe('Reset your Flare password');
    expect(linkPath(mail)).toMatch(/^\/welcome\/reset\/user%40springfield-pd\.test\/[\w-]{20,}$/);
    // Once no mail job is queued or running any more, nothing else can be sent.
    await expect.poll(mailJobs, { timeout: 60_000 }).toMatchObject({ queued: 0, active: 0 });
    expect(catcher.received).toHaveLength(1);
  }, 120_000);
});
