/**
 * Where the job queue logs: the server's pino logger (Fastify's `app.log`) fits. pg-boss reports a
 * database outage from every timer and worker; the same error is logged once a minute at most.
 */

export interface JobLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export class QuietErrors {
  private readonly seen = new Map<string, { until: number; suppressed: number }>();

  constructor(
    private readonly log: JobLogger,
    private readonly windowMs = 60_000,
  ) {}

  report(error: unknown, msg: string): void {
    const text = error instanceof Error || isMessage(error) ? error.message : String(error);
    const kind = `${msg}\n${text.replace(UUID, '')}`;
    const now = Date.now();
    const entry = this.seen.get(kind);
    if (entry && entry.until > now) {
      entry.suppressed += 1;
      return;
    }
    const suppressed = entry?.suppressed ?? 0;
    this.seen.set(kind, { until: now + this.windowMs, suppressed: 0 });
    if (this.seen.size > 100) this.seen.delete(this.seen.keys().next().value!);
    this.log.error(suppressed > 0 ? { err: error, suppressed } : { err: error }, msg);
  }
}

function isMessage(value: unknown): value is { message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
