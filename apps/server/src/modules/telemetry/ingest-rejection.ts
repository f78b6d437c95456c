/**
 * A refused ingest request, as a domain error: every adapter answers it in its own way (HTTP 400
 * with the reasons, a log line for MQTT) and nothing of the request was stored.
 */
export type RejectionKind =
  'invalid' | 'future_timestamp' | 'unknown_device' | 'inactive_device' | 'rate_limited';

export interface RefusedReport {
  /** The report's place in the request (for requests of more than one report). */
  index: number;
  kind: RejectionKind;
  reason: string;
}

const MAX_LISTED_REASONS = 20;

export class IngestRejection extends Error {
  constructor(
    readonly refused: RefusedReport[],
    /** How many reports of the request were fine (and were not stored either). */
    readonly otherCount: number,
    single: boolean,
    /** When the request may be sent again (rate-limited requests only). */
    readonly retryAfterSeconds = 0,
  ) {
    super(describe(refused, otherCount, single));
    this.name = 'IngestRejection';
  }

  /** A single code for the whole request: the kind of its first refusal. */
  get code(): string {
    const kind = this.refused[0]?.kind;
    if (kind === 'rate_limited') return 'rate_limited';
    return kind === 'unknown_device' || kind === 'inactive_device' ? 'unknown_device' : 'invalid_point';
  }

  /** A device sent too often: answered 429, to be retried after `retryAfterSeconds`. */
  get rateLimited(): boolean {
    return this.code === 'rate_limited';
  }
}

function describe(refused: RefusedReport[], otherCount: number, single: boolean): string {
  const listed = refused
    .slice(0, MAX_LISTED_REASONS)
    .map((r) => (single ? r.reason : `point ${r.index}: ${r.reason}`));
  const more = refused.length > listed.length ? `; and ${refused.length - listed.length} more` : '';
  const stored = otherCount > 0 ? ' Nothing was stored.' : '';
  return `${listed.join('; ')}${more}.${stored}`;
}
