/**
 * Keeps `points` partitioned by month: the months ahead made before reports reach them, and, with a
 * retention (POINTS_RETENTION_DAYS), whole months dropped once every point in them is older than it,
 * with what the default partition holds from before it. Run hourly by the `points-partitions` job.
 */
import type { PointsMonth, PointsPartitionsRepository } from './points-partitions.repository';

/** Months made ahead of this one: reports come at most minutes from the future, so this is slack for outages. */
export const MONTHS_AHEAD = 3;

export interface PartitionsMaintained {
  created: string[];
  dropped: string[];
  /** Rows deleted from the default partition. */
  deletedFromDefault: number;
}

/** The month (UTC) `offset` months after the one `at` falls in. */
export function pointsMonth(at: Date, offset = 0): PointsMonth {
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const month = String(from.getUTCMonth() + 1).padStart(2, '0');
  return { name: `points_${from.getUTCFullYear()}_${month}`, from, to };
}

/** The month a partition's name stands for. */
export function monthOfPartition(name: string): PointsMonth {
  const [, year, month] = /^points_(\d{4})_(\d{2})$/.exec(name) ?? [];
  return pointsMonth(new Date(Date.UTC(Number(year), Number(month) - 1, 1)));
}

export class PointsPartitions {
  constructor(
    private readonly repository: PointsPartitionsRepository,
    /** 0: every point is kept. */
    private readonly retentionDays: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async maintain(): Promise<PartitionsMaintained> {
    const now = this.now();
    const existing = await this.repository.monthNames();
    const created: string[] = [];
    for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
      const month = pointsMonth(now, offset);
      if (existing.includes(month.name)) continue;
      await this.repository.addMonth(month);
      created.push(month.name);
    }
    if (this.retentionDays === 0) return { created, dropped: [], deletedFromDefault: 0 };
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000);
    const dropped = existing.filter((name) => monthOfPartition(name).to <= cutoff).sort();
    for (const name of dropped) await this.repository.dropMonth(name);
    return { created, dropped, deletedFromDefault: await this.repository.deleteDefaultBefore(cutoff) };
  }
}
