/**
 * Exports: the organisations' lists, asking for one (core's rules; the organisation must be one the
 * caller sees, the assets ones it lists; times in UTC or the organisation's zone), deleting one's own,
 * and the signed link to a completed export's file. Each change is published as `export.changed` (the
 * live feed tells the organisation); runs are jobs (export-runner.ts).
 */
import { exportHasRange, exportProblems } from '@flare/core/exports/export-rules';
import { MESSAGES } from '@flare/core/messages';
import { exportDeleteRefusal } from '@flare/core/permissions/export-access';
import { EXPORT_MESSAGES, type Export, type ParsedExportInput } from '@flare/core/schemas/export';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import type { FileLinks } from '../../platform/files/file-links';
import { isFileId, type FileStore } from '../../platform/files/file-store';
import { forbidden, notFound, unprocessable } from '../../platform/http-errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { AccountsService } from '../accounts/accounts.service';
import { exportRunJob } from './export-run.job';
import { toExport } from './exports.mapper';
import type { ExportRow, ExportsRepository } from './exports.repository';

export class ExportsService {
  constructor(
    private readonly repository: ExportsRepository,
    private readonly accounts: AccountsService,
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    private readonly files: { store: FileStore; links: FileLinks },
  ) {}

  async list(principal: Principal, requested: string | string[] | undefined): Promise<Export[]> {
    const organizationIds = await this.accounts.organizationScope(principal, requested);
    return (await this.repository.list(organizationIds)).map(toExport);
  }

  async create(principal: Principal, input: ParsedExportInput): Promise<Export> {
    const [problem] = exportProblems(input);
    if (problem) throw unprocessable(`invalid_${problem.path}`, problem.message);
    const organizationId = input.organization_id;
    if (!(await this.accounts.canSeeOrganization(principal, organizationId)))
      throw notFound(MESSAGES.organizationNotFound);
    const timeZone = input.use_utc ? 'UTC' : await this.repository.timeZone(organizationId);
    if (!timeZone) throw notFound(MESSAGES.organizationNotFound);
    const thingIds = [...new Set(input.thing_uuids)];
    const listed = await this.repository.assetsOf(organizationId, thingIds);
    if (thingIds.some((id) => !listed.has(id)))
      throw unprocessable('unknown_thing', EXPORT_MESSAGES.unknownAsset);
    const ranged = exportHasRange(input.export_type);
    const id = await this.repository.insert({
      organization_id: organizationId,
      requested_by: principal.userId,
      export_type: input.export_type,
      title: input.title.trim(),
      export_start_time: ranged ? new Date(input.export_start_time!) : null,
      export_end_time: ranged ? new Date(input.export_end_time!) : null,
      use_utc: input.use_utc,
      time_zone: timeZone,
      thing_ids: thingIds,
      include_no_thing_il: input.export_type === 'incident' && (input.include_no_thing_il ?? false),
      closures_to_include:
        input.export_type === 'closure' ? [...new Set(input.closures_to_include ?? [])] : [],
    });
    // Answered and told as requested before its run is sent: the run may begin at once, and its own
    // changes come after this one. A server dying before the send leaves the export waiting, and the
    // sweep sends it.
    const requested = await this.changed(id);
    await this.start(id);
    return requested;
  }

  /** Deletes it, and its file: only the user who asked for it may. */
  async delete(principal: Principal, id: string): Promise<{ id: string }> {
    const row = await this.visible(principal, id);
    const refusal = exportDeleteRefusal(principal, row);
    if (refusal) throw forbidden(refusal);
    const deleted = await this.repository.delete(id);
    if (!deleted) throw notFound(EXPORT_MESSAGES.notFound);
    if (deleted.file_id) await this.files.store.remove(deleted.file_id);
    await this.publish(row, true);
    return { id };
  }

  /** A short-lived link to the completed export's file, downloaded under its title. */
  async fileLink(principal: Principal, fileId: string): Promise<{ file_url: string }> {
    // Not a file id (a path, a NUL): no such file, and the database is not asked.
    const row = isFileId(fileId) ? await this.repository.findByFile(fileId) : undefined;
    if (
      !row ||
      !(await this.accounts.canSeeOrganization(principal, row.organization_id)) ||
      !(await this.files.store.exists(fileId))
    )
      throw notFound(EXPORT_MESSAGES.fileNotFound);
    return { file_url: this.files.links.link(fileId, `${row.title}.csv`) };
  }

  /** The sweep: sends runs for the exports waiting without one and for the runs that died. */
  async sweep(staleMs: number): Promise<void> {
    for (const id of await this.repository.unfinished(new Date(Date.now() - staleMs))) await this.start(id);
  }

  /** Tells the export's organisation about it as stored now (nothing when it is gone). */
  async changed(id: string): Promise<Export> {
    const row = await this.repository.find(id);
    if (!row) throw notFound(EXPORT_MESSAGES.notFound);
    return this.publish(row, false);
  }

  private async start(id: string): Promise<void> {
    await this.jobs.send(exportRunJob, { export_id: id }, { singletonKey: id });
  }

  private async publish(row: ExportRow, deleted: boolean): Promise<Export> {
    const shown = toExport(row);
    await this.events.emit('export.changed', {
      organization_id: row.organization_id,
      export: shown,
      is_deleted: deleted,
    });
    return shown;
  }

  /** The export if the caller sees its organisation; otherwise it does not exist for them. */
  private async visible(principal: Principal, id: string): Promise<ExportRow> {
    const row = await this.repository.find(id);
    if (!row || !(await this.accounts.canSeeOrganization(principal, row.organization_id)))
      throw notFound(EXPORT_MESSAGES.notFound);
    return row;
  }
}
