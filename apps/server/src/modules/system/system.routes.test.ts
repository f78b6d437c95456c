import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('GET /api/version answers the version and the environment, production unless told', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(response.json()).toEqual({ version: t.version, environment: 'production' });
    expect(t.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('GET /api/health reports the database reachable and the job queue running, with its queues', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const health = response.json();
    expect(health).toMatchObject({ status: 'ok', database: true, jobs: { running: true } });
    expect(Object.keys(health.jobs.queues)).toEqual(expect.arrayContaining(['status-sweep', 'account-mail']));
    expect(health.jobs.queues['account-mail']).toEqual({
      queued: expect.any(Number),
      active: expect.any(Number),
      failed: expect.any(Number),
    });
  });

  it('GET /api/health answers 503 once the job queue has stopped', async () => {
    const other = await createTestApp();
    try {
      await other.app.jobs.stop();
      const response = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'unavailable',
        database: true,
        jobs: { running: false },
      });
    } finally {
      await other.close();
    }
  });

  it('serves OpenAPI documentation generated from the core schemas', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    const tokenBody = spec.paths['/api/user_token'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(tokenBody)).toContain('grant_type');
    expect(spec.paths['/api/profile'].get.responses['200']).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('describes the API in a document that validates against the OpenAPI 3 schema', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    await expect(SwaggerParser.validate(spec)).resolves.toMatchObject({ openapi: spec.openapi });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});
