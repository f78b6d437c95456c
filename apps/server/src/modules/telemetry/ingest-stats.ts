/** Counts of accepted and rejected reports since start, by reason, for operators. */
export type RejectionReason = 'invalid' | 'future_timestamp' | 'unknown_device' | 'inactive_device';

export class IngestStats {
  accepted = 0;
  readonly rejected: Record<RejectionReason, number> = {
    invalid: 0,
    future_timestamp: 0,
    unknown_device: 0,
    inactive_device: 0,
  };

  reject(reason: RejectionReason, count = 1): void {
    this.rejected[reason] += count;
  }

  snapshot() {
    return { accepted: this.accepted, rejected: { ...this.rejected } };
  }
}
