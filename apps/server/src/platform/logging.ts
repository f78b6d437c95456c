/**
 * Logger options: JSON lines at the configured level, and request URLs without credentials. Tokens
 * reach URLs in a few places (sign-in links `?access_token=&refresh_token=`, e-mailed reset and unlock
 * links); whoever reads the logs must not be able to use them.
 */
import type { FastifyRequest } from 'fastify';

export interface LogStream {
  write(line: string): void;
}

export const REDACTED = '[REDACTED]';

/** Query parameters whose values are credentials. */
const SECRET_PARAMETER = /token/i;
/** The e-mailed links `/welcome/reset/<email>/<token>` and `/welcome/unlock/<email>/<token>`. */
const SECRET_PATH = /^(\/welcome\/(?:reset|unlock)\/)[^?]+/;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The URL with the values of token-like query parameters and the secret parts of links replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  const path = (start < 0 ? url : url.slice(0, start)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (start < 0) return path;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return SECRET_PARAMETER.test(decoded(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
