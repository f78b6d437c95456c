/** Payload of the domain event about exports: the export as the API shows it now, or deleted. */
import { z } from 'zod';
import { liveMessage } from '../live/live-message';
import { ExportSchema } from '../schemas/export';
import { domainEvent } from './domain-event';

export const ExportChangedSchema = z.object({
  organization_id: z.string(),
  export: ExportSchema,
  is_deleted: z.boolean(),
});
export type ExportChanged = z.infer<typeof ExportChangedSchema>;

/**
 * An export was asked for, moved on (rows written, progress), completed, failed or was deleted
 * (`is_deleted`: dashboards drop it). Only those who may see exports receive it.
 */
export const exportMessage = liveMessage(
  'export',
  { export: ExportSchema, is_deleted: z.boolean() },
  { access: 'viewExports', key: (message) => `export:${message.export.id}` },
);

export const EXPORT_EVENTS = {
  /** An export was asked for, moved on, finished, failed or was deleted: its organisation sees it live. */
  'export.changed': domainEvent(ExportChangedSchema, {
    shared: true,
    live: (change) => [
      {
        organizationIds: [change.organization_id],
        message: { type: 'export', export: change.export, is_deleted: change.is_deleted },
      },
    ],
  }),
};

export const EXPORT_LIVE_MESSAGES = [exportMessage] as const;
