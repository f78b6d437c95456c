/** What the app writes to its log: request URLs without tokens, and bus handler failures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { waitFor } from './cable-consumer';

const lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' }, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

describe('the request log', () => {
  it('shows the URL of each request without any token in its query', async () => {
    const urls = [
      '/cable?access_token=SECRET-ONE',
      '/?access_token=SECRET-TWO&refresh_token=SECRET-THREE&lang=en',
      '/reset-password?reset_password_token=SECRET-FOUR',
      '/welcome/reset/ada%40example.test/SECRET-FIVE',
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const requests = logged()
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => (entry.req as { url: string }).url);
    expect(requests).toEqual([
      '/cable?access_token=[REDACTED]',
      '/?access_token=[REDACTED]&refresh_token=[REDACTED]&lang=en',
      '/reset-password?reset_password_token=[REDACTED]',
      '/welcome/reset/[REDACTED]',
    ]);
    expect(lines.join('\n')).not.toContain('SECRET');
  });
});

describe('the bus', () => {
  it('logs a failing subscriber with the app logger', async () => {
    await t.app.bus.subscribe('test.failing', () => {
      throw new Error('subscriber failed on purpose');
    });
    await t.app.bus.publish('test.failing', { n: 1 });
    await waitFor(
      () => logged().some((entry) => entry.msg === 'bus handler failed'),
      'the bus failure in the log',
    );
    expect(logged().find((entry) => entry.msg === 'bus handler failed')).toMatchObject({
      level: 50,
      topic: 'test.failing',
      err: { message: 'subscriber failed on purpose' },
    });
  });
});
