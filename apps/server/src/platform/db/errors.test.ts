import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['an administrator shutdown', { code: '57P01', message: 'terminating connection' }],
    ['a database starting up', { code: '57P03', message: 'the database system is starting up' }],
    ['too many connections', { code: '53300', message: 'sorry, too many clients already' }],
    ['a statement timeout', { code: '57014', message: 'canceling statement due to statement timeout' }],
    [
      'a database that takes no connections',
      { code: '55000', message: 'database "flare" is not currently accepting connections' },
    ],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
  ])('says yes for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key value' }],
    [
      'another 55000 (a programming error)',
      { code: '55000', message: 'currval of sequence "s" is not yet defined' },
    ],
    [
      'a NUL byte the database refused',
      { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    ],
    ['not an error', 'x'],
  ])('says no for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
