/** Counts of accepted and rejected reports since start, by reason, for operators. */
import type { RejectionKind } from './ingest-rejection';

export class IngestStats {
  accepted = 0;
  readonly rejected: Record<RejectionKind, number> = {
    invalid: 0,
    future_timestamp: 0,
    unknown_device: 0,
    inactive_device: 0,
    rate_limited: 0,
  };

  reject(kind: RejectionKind, count = 1): void {
    this.rejected[kind] += count;
  }

  snapshot() {
    return { accepted: this.accepted, rejected: { ...this.rejected } };
  }
}
