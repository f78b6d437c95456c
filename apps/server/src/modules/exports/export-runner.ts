/**
 * Runs one export: claims it, counts its rows, writes the CSV's head and streams the rows' records
 * from the database (export-rows.repository.ts) into the file store, reporting rows written every
 * second. It ends completed with its file, or errored with the reason. A server
 * stopping hands its runs back at once, even one whose file is being stored (the export waits for the
 * next run); a run whose export was deleted or taken over stops at its next report.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_MESSAGES, type ExportType } from '@flare/core/schemas/export';
import { StorageError, type FileStore } from '../../platform/files/file-store';
import { csvHead } from './csv-records';
import { headerOf } from './export-columns.repository';
import {
  ExportReadError,
  type ExportRead,
  type ExportRowsRepository,
  type ExportScope,
} from './export-rows.repository';
import type { ExportRow, ExportsRepository } from './exports.repository';

export interface ExportRunnerOptions {
  /** A run silent this long is taken to be dead (its server stopped without handing it back). */
  staleMs: number;
  /** How often a run reports its rows and that it is alive. */
  reportMs: number;
}

/** Why a run was stopped from outside. */
const STOPPING = 'server stopping';
const LOST = 'export deleted or taken over';

export const exportFileId = (exportId: string) => `${exportId}.csv`;

export class ExportRunner {
  private readonly runs = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(
    private readonly exports: ExportsRepository,
    private readonly rows: ExportRowsRepository,
    private readonly files: FileStore,
    /** Tells the export's organisation (the live feed) about its state now. */
    private readonly changed: (exportId: string) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly options: ExportRunnerOptions,
  ) {}

  /** The job: runs the export if it is waiting, or its run died. */
  async run(exportId: string): Promise<void> {
    const runId = randomUUID();
    const claimed = await this.exports.claim(exportId, runId, new Date(Date.now() - this.options.staleMs));
    if (!claimed) return;
    const controller = new AbortController();
    const done = this.write(claimed, runId, controller);
    this.runs.set(runId, { controller, done });
    try {
      await done;
    } finally {
      this.runs.delete(runId);
    }
  }

  /** The server stops: every run stops and hands its export back. */
  async stop(): Promise<void> {
    const runs = [...this.runs.values()];
    for (const { controller } of runs) controller.abort(STOPPING);
    await Promise.allSettled(runs.map(({ done }) => done));
  }

  private async write(row: ExportRow, runId: string, controller: AbortController): Promise<void> {
    const { signal } = controller;
    await this.changed(row.id);
    const fileId = exportFileId(row.id);
    const draft = this.files.create(fileId);
    const progress = { written: 0, total: null as number | null };
    const reporter = this.reporter(row.id, runId, progress, (reason) => controller.abort(reason));
    let read: ExportRead | null = null;
    let committing: Promise<number> | null = null;
    try {
      // A file that cannot be created is the export's failure (its reason), not a broken stream later.
      await draft.ready();
      const file = draft.stream;
      assertTimeZone(row.time_zone);
      const assets = await this.rows.assets(row.thing_ids);
      read = await this.rows.open(scopeOf(row), assets, row.time_zone);
      progress.total = await read.total();
      // Waits for the file to take the head, as the records do.
      if (!file.write(csvHead(headerOf(row.export_type)))) await once(file, 'drain');
      await read.write(file, (count) => (progress.written += count), signal);
      // A stop does not wait for the file to be stored (a bucket may be slow, or never answer): the
      // export is handed back at once and its draft discarded.
      committing = draft.commit();
      await unlessAborted(committing, signal);
      reporter.stop();
      await reporter.idle();
      signal.throwIfAborted();
      const completed = { status: 'completed' as const, fileId, rowsWritten: progress.written };
      if (!(await this.exports.finish(row.id, runId, completed))) await this.files.remove(fileId);
    } catch (error) {
      reporter.stop();
      await reporter.idle();
      await this.ended(row, runId, signal, error);
      await draft.discard();
      await committing?.catch(() => undefined);
    } finally {
      await read?.close();
    }
    await this.changed(row.id).catch((error: unknown) =>
      this.log.warn({ err: error }, 'export not published'),
    );
  }

  /** A run that did not complete: handed back, dropped (deleted or taken over), or errored. */
  private async ended(row: ExportRow, runId: string, signal: AbortSignal, error: unknown): Promise<void> {
    if (signal.aborted && signal.reason === STOPPING) {
      await this.exports.release(row.id, runId);
      return;
    }
    if (signal.aborted && signal.reason === LOST) return;
    this.log.error({ err: error, exportId: row.id }, 'export failed');
    await this.exports.finish(row.id, runId, { status: 'errored', error: failureReason(error) });
  }

  /** Reports every `reportMs`; a report that finds the run no longer holding the export stops it. */
  private reporter(
    exportId: string,
    runId: string,
    progress: { written: number; total: number | null },
    abort: (reason: string) => void,
  ) {
    let reporting: Promise<void> = Promise.resolve();
    let last = -1;
    const report = async () => {
      const held = await this.exports.report(exportId, runId, progress.written, progress.total);
      if (!held) return abort(LOST);
      if (progress.written !== last) {
        last = progress.written;
        await this.changed(exportId);
      }
    };
    const timer = setInterval(() => {
      reporting = reporting
        .then(report)
        .catch((error: unknown) => this.log.warn({ err: error, exportId }, 'export progress not saved'));
    }, this.options.reportMs);
    return { stop: () => clearInterval(timer), idle: () => reporting };
  }
}

function scopeOf(row: ExportRow): ExportScope & { type: ExportType } {
  return {
    type: row.export_type,
    organizationId: row.organization_id,
    start: row.export_start_time,
    end: row.export_end_time,
    thingIds: row.thing_ids,
    includeNoThing: row.include_no_thing_il,
    closureTypes: row.closures_to_include,
  };
}

/** The promise's outcome, or the signal's reason as soon as it aborts (the promise goes on unheeded). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

/** Throws a RangeError for a time zone that is not one (before the database is asked to use it). */
function assertTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone });
}

/** The reason shown with an errored export: what went wrong, without the server's internals. */
export function failureReason(error: unknown): string {
  if (error instanceof RangeError && /time ?zone/i.test(error.message))
    return EXPORT_MESSAGES.unknownTimeZone;
  if (error instanceof StorageError) return `${EXPORT_MESSAGES.storageFailed} (${error.code})`;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return EXPORT_MESSAGES.diskFull;
  if (typeof code === 'string' && (error as NodeJS.ErrnoException).syscall)
    return `${EXPORT_MESSAGES.fileWriteFailed} (${code})`;
  if (error instanceof ExportReadError) return EXPORT_MESSAGES.databaseFailed;
  return EXPORT_MESSAGES.unknownFailure;
}
