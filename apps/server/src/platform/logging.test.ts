import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it.each([
    ['/api/things?page=2', '/api/things?page=2'],
    ['/cable?access_token=abc', '/cable?access_token=[REDACTED]'],
    [
      '/?refresh_token=a&access_token=b&lang=en',
      '/?refresh_token=[REDACTED]&access_token=[REDACTED]&lang=en',
    ],
    ['/cable?acc%65ss_%74oken=abc', '/cable?acc%65ss_%74oken=[REDACTED]'],
    ['/x?Token=abc&token', '/x?Token=[REDACTED]&token'],
    ['/x?bad%E0name_token=abc', '/x?bad%E0name_token=[REDACTED]'],
    ['/welcome/unlock/a%40b.test/abc?x=1', '/welcome/unlock/[REDACTED]?x=1'],
    ['/welcome/sign-in', '/welcome/sign-in'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
