import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      seedDemo: true,
      accessTokenTtl: 900,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/flare'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
    ['DEMO_PASSWORD', 'password'],
    ['SEED_DEMO', 'maybe'],
    ['TRUST_PROXY', 'yes please'],
    ['INGEST_DEVICE_REQUESTS_PER_MINUTE', '-1'],
  ])('refuses a bad %s and names the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads which reverse proxies to trust: any, or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY:/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/flare-x',
      DATABASE_URL: 'postgres://u@h/db',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/flare-x',
      databaseUrl: 'postgres://u@h/db',
      seedDemo: false,
    });
  });
});
