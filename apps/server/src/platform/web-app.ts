/** Serves the built web app, with the SPA fallback: unknown non-API paths get index.html. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export function webBuildId(webDist: string): string | null {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return null;
  return createHash('sha1').update(readFileSync(index)).digest('hex').slice(0, 10);
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    // Routes for the built files only (they do not change while running); every other path gets index.html.
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  } else {
    app.log.warn({ webDist }, 'no web build found: run `npm run build` to serve the dashboard');
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (hasBuild && !isApi && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No route ${request.method} ${request.url}` });
  });
}
