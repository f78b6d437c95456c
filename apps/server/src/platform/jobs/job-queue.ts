/**
 * Durable jobs on pg-boss, one JobQueue per server process, on PostgreSQL or the embedded PGlite.
 *
 * Jobs are rows in the database (schema `pgboss`), so they survive restarts and are shared by every
 * process on the same database; each job runs in one process at a time. A handler that throws
 * fails the attempt, and pg-boss retries it after the job's delay (with exponential backoff).
 *
 * Send a job only after your own transaction has committed, never inside a Kysely transaction
 * callback: on PostgreSQL the job would not roll back with it (pg-boss has its own connections);
 * on PGlite the job's statement waits for the transaction, which waits for it: a deadlock.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { DatabaseTimeouts } from '../db/database';
import type { RunExclusive } from '../db/pglite-dialect';
import { checkPayload, type JobDefinition } from './job-definition';
import { QuietErrors, type JobLogger } from './job-log';
import { checkCron, KeyedSchedules, type ScheduleInfo } from './keyed-schedules';
import { pgBossUnawaited, pgliteExecutor, postgresExecutor, type SqlExecutor } from './sql-executor';

/** What `openDatabase` returns fits. */
export type JobDatabase =
  | { engine: 'postgres'; url: string; timeouts?: DatabaseTimeouts }
  | { engine: 'pglite'; runExclusive: RunExclusive };

export interface JobQueueOptions {
  log: JobLogger;
  /** How often an idle worker asks for a job, seconds (at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** How often one of the processes expires, archives and purges jobs, seconds. Default 30. */
  maintenanceIntervalSeconds?: number;
  /** How often keyed schedules are checked, seconds. Default 30 (cron is minute-resolution). */
  scheduleCheckSeconds?: number;
  /** How long stop() waits for running handlers, ms. Default 20 000. */
  stopTimeoutMs?: number;
  /** PostgreSQL connections of the job queue's own pool. Default 4. */
  maxConnections?: number;
  /** Database schema of pg-boss's tables. Default `pgboss`. */
  schema?: string;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}
export type JobHandler<Payload> = (payload: Payload, job: JobContext) => Promise<void> | void;

export interface SendOptions {
  /** Not before this time (or this many seconds from now). */
  startAfter?: Date | number;
  /** With `singletonSeconds`: one job per key per time slot; with policy short/singleton/stately: per key. */
  singletonKey?: string;
  singletonSeconds?: number;
}

export interface QueueCounts {
  /** Waiting to run, including retries waiting for their delay. */
  queued: number;
  active: number;
  /** Out of retries, in the last day (older ones are archived). */
  failed: number;
}
export interface JobQueueState {
  running: boolean;
  queues: Record<string, QueueCounts>;
}

// Completed jobs stay an hour in the job table (`every` keeps 720 an hour of a 5 s job), failed
// ones a day (so state() counts a day's failures); the archive keeps them a week.
const ARCHIVE_COMPLETED_SECONDS = 3600;
const ARCHIVE_FAILED_SECONDS = 86_400;
const DELETE_ARCHIVED_DAYS = 7;

type Phase = 'new' | 'starting' | 'running' | 'stopping' | 'stopped';

export class JobQueue {
  private readonly log: JobLogger;
  private readonly errors: QuietErrors;
  private readonly sql: SqlExecutor;
  private readonly boss: PgBoss;
  private readonly keyed: KeyedSchedules;
  private readonly schema: string;
  private readonly scheduleCheckMs: number;
  private readonly stopTimeoutMs: number;
  private readonly engine: JobDatabase['engine'];
  private phase: Phase = 'new';
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workers = new Map<string, string[]>();
  private readonly recurring = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  /** Handlers running and timer tasks under way, which stop() waits for. */
  private readonly underway = new Set<Promise<unknown>>();

  constructor(database: JobDatabase, options: JobQueueOptions) {
    this.log = options.log;
    this.errors = new QuietErrors(options.log);
    this.schema = options.schema ?? 'pgboss';
    this.engine = database.engine;
    this.scheduleCheckMs = (options.scheduleCheckSeconds ?? 30) * 1000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 20_000;
    const unawaited = pgBossUnawaited(this.schema, (error) =>
      this.errors.report(error, 'job queue could not record a job done or failed'),
    );
    this.sql =
      database.engine === 'postgres'
        ? postgresExecutor(
            database.url,
            options.maxConnections ?? 4,
            (error) => this.errors.report(error, 'job queue database connection lost'),
            unawaited,
            database.timeouts,
          )
        : pgliteExecutor(database.runExclusive, options.log, unawaited);
    this.boss = new PgBoss({
      db: this.sql,
      schema: this.schema,
      // pg-boss's cron (one schedule per queue, minute resolution) is not used: see keyed-schedules.ts.
      schedule: false,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: ARCHIVE_FAILED_SECONDS,
      deleteAfterDays: DELETE_ARCHIVED_DAYS,
    });
    // Only errors are listened to: no state monitoring, no maintenance or work-in-progress events.
    this.boss.on('error', (error) => this.errors.report(error, 'job queue error'));
    this.keyed = new KeyedSchedules(this.sql, this.schema);
  }

  /** Installs or migrates pg-boss's tables (once, whichever process comes first) and starts maintenance. */
  async start(): Promise<void> {
    if (this.phase === 'running') return;
    if (this.starting) return this.starting;
    if (this.phase !== 'new') throw new Error('a stopped JobQueue does not start again');
    this.phase = 'starting';
    this.starting = this.startBoss();
    return this.starting;
  }

  private async startBoss(): Promise<void> {
    try {
      await this.boss.start();
      await this.keyed.install();
    } catch (error) {
      // A pg-boss whose start failed does not start again: this JobQueue is done.
      this.phase = 'stopped';
      await this.boss.stop({ graceful: false, close: false }).catch(() => undefined);
      await this.sql.close();
      throw error;
    }
    if (this.phase !== 'starting') return; // stop() came first
    this.phase = 'running';
    this.repeat(() => this.fireDueSchedules(), this.scheduleCheckMs, 'keyed schedules could not be checked');
    this.log.info({ engine: this.engine, schema: this.schema }, 'job queue started');
  }

  /**
   * Runs the job's handler in this process, `concurrency` jobs at a time (default 1; each is a
   * worker polling the queue). The payload is parsed by the job's schema first.
   */
  async work<Payload extends object, Input extends object>(
    job: JobDefinition<Payload, Input>,
    handler: JobHandler<Payload>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    this.assertRunning();
    await this.ensureQueue(job);
    const concurrency = options.concurrency ?? 1;
    const ids = this.workers.get(job.name) ?? [];
    for (let i = 0; i < concurrency; i += 1) {
      const id = await this.boss.work<unknown>(job.name, { batchSize: 1, includeMetadata: true }, ([pgJob]) =>
        this.track(this.runHandler(job, handler, pgJob!)),
      );
      ids.push(id);
    }
    this.workers.set(job.name, ids);
  }

  /** Queues a job; its id, or null when a singleton or throttling rule kept it out. */
  async send<Payload extends object, Input extends object>(
    job: JobDefinition<Payload, Input>,
    payload: Input,
    options: SendOptions = {},
  ): Promise<string | null> {
    this.assertRunning();
    checkPayload(job, payload);
    await this.ensureQueue(job);
    const id = await this.boss.send(job.name, payload, {
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds !== undefined ? { singletonSeconds: options.singletonSeconds } : {}),
    });
    if (id) this.wake(job.name);
    return id;
  }

  /**
   * Runs the job every `intervalMs` (whole seconds, 1 s to 1 h), in exactly one process per tick
   * and never two runs at once, however many processes share the database.
   *
   * pg-boss's cron is minute-resolution, so each process instead offers a job four times per
   * interval with pg-boss throttling (`singletonSeconds` = the interval: the database keeps one job
   * per interval-long slot of its clock, whoever offers it first), on a `stately` queue (one job
   * running and one waiting at most: a run never overlaps the previous one, and ticks during a long
   * run merge into one). The process that sent the tick wakes its worker, so it usually runs it at
   * once: the first run at once, then runs 0.75 to 1.25 intervals apart.
   *
   * A failed tick is not retried (the next tick is its retry). A process dying mid-run holds the
   * ticks up until the job's `expireInSeconds` (plus up to one maintenance interval), so keep that
   * short. Call `work` for the handler too (in every process, or some).
   */
  async every<Payload extends object, Input extends object>(
    job: JobDefinition<Payload, Input>,
    intervalMs: number,
    payload: Input = {} as Input,
  ): Promise<void> {
    this.assertRunning();
    if (job.options.policy !== 'stately') {
      throw new Error(`every(${job.name}): define the job with policy 'stately' (ticks must not overlap)`);
    }
    const seconds = intervalMs / 1000;
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > ARCHIVE_COMPLETED_SECONDS) {
      throw new Error(`every(${job.name}): the interval must be whole seconds from 1 s to 1 h`);
    }
    if (this.recurring.has(job.name)) throw new Error(`every(${job.name}) already runs in this process`);
    checkPayload(job, payload);
    this.recurring.add(job.name);
    await this.ensureQueue(job);
    const tick = async () => {
      const id = await this.boss.send(job.name, payload, { singletonSeconds: seconds, retryLimit: 0 });
      if (id) this.wake(job.name);
    };
    this.repeat(
      tick,
      Math.max(250, Math.floor(intervalMs / 4)),
      `recurring job ${job.name} could not be sent`,
    );
  }

  /**
   * Sends the job with `payload` at each time `cron` names (5 fields, or 6 with seconds first) in
   * time zone `tz` (default UTC). A job has one schedule per `key` (default ''): setting a key again
   * replaces its schedule. Checked every `scheduleCheckSeconds` (see keyed-schedules.ts).
   */
  async schedule<Payload extends object, Input extends object>(
    job: JobDefinition<Payload, Input>,
    cron: string,
    payload: Input,
    options: { tz?: string; key?: string } = {},
  ): Promise<void> {
    this.assertRunning();
    const tz = options.tz ?? 'UTC';
    checkCron(cron, tz);
    checkPayload(job, payload);
    await this.ensureQueue(job);
    await this.keyed.upsert(job.name, options.key ?? '', cron, tz, payload);
  }

  /** Removes the job's schedule of this key (default ''); whether there was one. */
  async unschedule(job: JobDefinition<object, object>, key = ''): Promise<boolean> {
    this.assertRunning();
    return this.keyed.remove(job.name, key);
  }

  /** The job's schedules, by key. */
  async schedules(job: JobDefinition<object, object>): Promise<ScheduleInfo[]> {
    this.assertRunning();
    return this.keyed.list(job.name);
  }

  /** For `GET /api/health`: whether this queue runs, and per queue its jobs queued, active and failed (one query). */
  async state(): Promise<JobQueueState> {
    if (this.phase !== 'running') return { running: false, queues: {} };
    const queues: Record<string, QueueCounts> = {};
    for (const name of this.queues.keys()) queues[name] = { queued: 0, active: 0, failed: 0 };
    const { rows } = await this.sql.executeSql(
      `SELECT name, state::text AS state, count(*)::int AS count FROM ${this.schema}.job
       WHERE state IN ('created', 'retry', 'active', 'failed') AND name NOT LIKE '\\_\\_pgboss\\_\\_%'
       GROUP BY name, state`,
    );
    for (const row of rows) {
      const counts = (queues[row.name as string] ??= { queued: 0, active: 0, failed: 0 });
      const count = Number(row.count);
      if (row.state === 'active') counts.active += count;
      else if (row.state === 'failed') counts.failed += count;
      else counts.queued += count;
    }
    return { running: true, queues };
  }

  /**
   * Stops fetching jobs, waits up to `stopTimeoutMs` for the running handlers (those still running
   * then are failed and retried later; the handler is not cancelled), then closes. Safe to call twice.
   */
  async stop(): Promise<void> {
    this.stopping ??= this.shutdown();
    return this.stopping;
  }

  private async shutdown(): Promise<void> {
    const deadline = Date.now() + this.stopTimeoutMs;
    const wasStarting = this.phase === 'starting';
    this.phase = 'stopping';
    for (const timer of this.timers) clearInterval(timer);
    if (wasStarting) await this.starting?.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.stopTimeoutMs });
    // A fetch under way when pg-boss stopped may still start a handler; and pg-boss completes a
    // job without awaiting it. Let those finish (until the deadline) before the pool closes.
    for (;;) {
      const pending = [...this.underway, ...this.sql.underway()];
      const left = deadline - Date.now();
      if (pending.length === 0 || left <= 0) break;
      await Promise.race([Promise.allSettled(pending), sleep(left, undefined, { ref: false })]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.sql.close();
    this.phase = 'stopped';
    this.log.info({}, 'job queue stopped');
  }

  private assertRunning(): void {
    if (this.phase !== 'running') throw new Error(`the job queue is ${this.phase}, not running`);
  }

  private async runHandler<Payload extends object, Input extends object>(
    job: JobDefinition<Payload, Input>,
    handler: JobHandler<Payload>,
    pgJob: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    try {
      const parsed = job.schema.safeParse(pgJob.data);
      if (!parsed.success) throw new Error(`job ${job.name}: invalid payload: ${parsed.error.message}`);
      await handler(parsed.data, { id: pgJob.id, retryCount: pgJob.retryCount });
    } catch (error) {
      const fields = { err: error, job: job.name, jobId: pgJob.id, attempt: pgJob.retryCount + 1 };
      if (pgJob.retryCount >= pgJob.retryLimit) this.log.error(fields, 'job failed, no retries left');
      else this.log.warn(fields, 'job attempt failed, it will be retried');
      throw error;
    }
  }

  /** Creates the job's queue, or brings its policy and retry options up to date; once per process. */
  private ensureQueue(job: JobDefinition<object, object>): Promise<void> {
    let ready = this.queues.get(job.name);
    if (!ready) {
      ready = this.createOrUpdateQueue(job);
      this.queues.set(job.name, ready);
      void ready.catch(() => this.queues.delete(job.name));
    }
    return ready;
  }

  private async createOrUpdateQueue(job: JobDefinition<object, object>): Promise<void> {
    const { policy, retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = job.options;
    const wanted = {
      name: job.name,
      policy,
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff,
      expireInSeconds,
    };
    const existing = await this.boss.getQueue(job.name);
    if (!existing) return this.boss.createQueue(job.name, wanted);
    const same =
      existing.policy === policy &&
      existing.retryLimit === retryLimit &&
      existing.retryDelay === retryDelaySeconds &&
      existing.retryBackoff === retryBackoff &&
      existing.expireInSeconds === expireInSeconds;
    if (!same) await this.boss.updateQueue(job.name, wanted);
  }

  /** Wakes this process's workers of the queue, so a job just sent starts without waiting for a poll. */
  private wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  private async fireDueSchedules(): Promise<void> {
    for (const fire of await this.keyed.due()) {
      const id = await this.boss.send(fire.name, fire.payload, { id: fire.jobId });
      await this.keyed.markFired(fire);
      if (id) this.wake(fire.name);
    }
  }

  /** Runs `task` now and every `ms` while running, one at a time; stop() waits for the one under way. */
  private repeat(task: () => Promise<void>, ms: number, failure: string): void {
    let busy = false;
    const run = () => {
      if (busy || this.phase !== 'running') return;
      busy = true;
      void this.track(task())
        .catch((error: unknown) => {
          if (this.phase === 'running') this.errors.report(error, failure);
        })
        .finally(() => (busy = false));
    };
    run();
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.underway.add(promise);
    const settle = () => this.underway.delete(promise);
    void promise.then(settle, settle);
    return promise;
  }
}
