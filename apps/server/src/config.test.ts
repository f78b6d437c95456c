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
      environment: 'production',
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
    ['FLARE_ENVIRONMENT', 'uk-production'],
    ['TRUST_PROXY', 'yes please'],
    ['INGEST_DEVICE_REQUESTS_PER_MINUTE', '-1'],
    ['S3_URL', 'ftp://key:secret@s3.example.com/bucket'],
    ['S3_URL', 'http://key:secret@minio:9000'],
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

  it('keeps every point unless POINTS_RETENTION_DAYS says otherwise, and then at least two months', () => {
    expect(loadConfig({}).pointsRetentionDays).toBe(0);
    expect(loadConfig({ POINTS_RETENTION_DAYS: '0' }).pointsRetentionDays).toBe(0);
    expect(loadConfig({ POINTS_RETENTION_DAYS: '62' }).pointsRetentionDays).toBe(62);
    expect(loadConfig({ POINTS_RETENTION_DAYS: '36500' }).pointsRetentionDays).toBe(36_500);
    for (const value of ['61', '30', '36501', '-1', '90.5', 'forever'])
      expect(() => loadConfig({ POINTS_RETENTION_DAYS: value })).toThrow(/POINTS_RETENTION_DAYS:/);
    expect(() => loadConfig({ POINTS_RETENTION_DAYS: '30' })).toThrow(
      /must be 0 \(keep every point\) or from 62 to 36500 days/,
    );
  });

  it('reads the environment the installation is', () => {
    expect(loadConfig({ FLARE_ENVIRONMENT: 'staging' }).environment).toBe('staging');
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

  it('reads single sign-on: all three OIDC_* or none, the button name from the issuer by default', () => {
    const oidc = {
      OIDC_ISSUER_URL: 'https://login.example.com/realm',
      OIDC_CLIENT_ID: 'flare',
      OIDC_CLIENT_SECRET: 's',
    };
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig(oidc).oidc).toEqual({
      issuerUrl: 'https://login.example.com/realm',
      clientId: 'flare',
      clientSecret: 's',
      providerName: 'login.example.com',
      createUsers: null,
    });
    const org = '6A1075A0-59BD-5C90-956A-A545266EA0F9';
    expect(
      loadConfig({ ...oidc, OIDC_PROVIDER_NAME: 'Okta', OIDC_CREATE_USERS: `2:${org}` }).oidc,
    ).toMatchObject({ providerName: 'Okta', createUsers: { roleId: 2, organizationId: org.toLowerCase() } });
    expect(() => loadConfig({ OIDC_ISSUER_URL: oidc.OIDC_ISSUER_URL })).toThrow(
      /OIDC_ISSUER_URL: .*together/,
    );
    expect(() => loadConfig({ ...oidc, OIDC_CREATE_USERS: 'admin' })).toThrow(/OIDC_CREATE_USERS:/);
  });

  it('reads the S3 bucket: server, bucket, optional prefix, key and secret (percent-decoded), region', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_URL: 'http://flare:s%2Fcr%2Bt@minio:9000/flare-files' }).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'flare-files',
      prefix: '',
      region: 'us-east-1',
      credentials: { accessKeyId: 'flare', secretAccessKey: 's/cr+t' },
    });
    expect(
      loadConfig({ S3_URL: 'https://s3.eu-west-1.amazonaws.com/agency/flare/files/', S3_REGION: 'eu-west-1' })
        .s3,
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'agency',
      prefix: 'flare/files/',
      region: 'eu-west-1',
      credentials: null,
    });
    expect(() => loadConfig({ S3_URL: 'http://minio:9000/' })).toThrow(/S3_URL: must name the bucket/);
  });
});
