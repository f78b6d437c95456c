/**
 * One call of a walk over every route (the fuzz and tenant-isolation walks), answered whole; a stream
 * (Server-Sent Events) is read to its first event and left, so routes that stream join the walks like
 * the rest (the server ends such streams when it closes).
 */
import type { InjectOptions } from 'fastify';
import type { TestApp } from './test-app';

export async function walkRequest(
  t: TestApp,
  options: InjectOptions,
): Promise<{ statusCode: number; body: string }> {
  const leave = new AbortController();
  const response = await t.app.inject({ ...options, payloadAsStream: true, signal: leave.signal });
  const streaming = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  let body = '';
  for await (const chunk of response.stream()) {
    body += String(chunk);
    if (streaming && body.includes('\n\n')) {
      leave.abort();
      break;
    }
  }
  return { statusCode: response.statusCode, body };
}
