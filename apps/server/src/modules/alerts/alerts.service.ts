/**
 * Motorist alerts for a signed-in user or an alerts-scoped API key: those of its organisations, in a
 * region; and what a partner's stream watches.
 */
import { alertInBbox, parseBbox, type Bbox } from '@flare/core/alerts/alert-area';
import {
  ALERT_MESSAGES,
  ALERT_TYPE_IDS,
  type AlertStreamQuery,
  type Alerts,
  type AlertsQuery,
} from '@flare/core/schemas/alert';
import type { Principal } from '../../platform/auth-hook';
import { badRequest } from '../../platform/http-errors';
import type { AccountsService } from '../accounts/accounts.service';
import type { AlertSources } from './alert-sources.service';
import type { StreamChoice } from './alert-streams';

function region(text: string): Bbox {
  const bbox = parseBbox(text);
  if (!bbox) throw badRequest('invalid_request', ALERT_MESSAGES.bbox);
  return bbox;
}

export class AlertsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sources: AlertSources,
  ) {}

  /** Most urgent type first, then the newest. */
  async list(principal: Principal, query: AlertsQuery): Promise<Alerts> {
    const bbox = query.bbox === undefined ? null : region(query.bbox);
    const organizationIds = await this.accounts.organizationScope(principal, query['org_ids[]']);
    const alerts = await this.sources.alertsOf(organizationIds);
    const rank = (type: (typeof ALERT_TYPE_IDS)[number]) => ALERT_TYPE_IDS.indexOf(type);
    return {
      alerts: alerts
        .filter((alert) => !bbox || alertInBbox(alert, bbox))
        .sort(
          (a, b) =>
            rank(a.type) - rank(b.type) ||
            (b.start_time ?? '').localeCompare(a.start_time ?? '') ||
            a.id.localeCompare(b.id),
        ),
    };
  }

  /** What a stream watches: its organisations, regions and where it resumes (header or query). */
  async streamChoice(
    principal: Principal,
    query: AlertStreamQuery,
    lastEventHeader: string | undefined,
  ): Promise<StreamChoice> {
    const boxes = query.bbox === undefined ? null : [query.bbox].flat().map(region);
    const resume = lastEventHeader ?? query.last_event_id;
    if (resume !== undefined && !/^\d{1,15}$/.test(resume.trim()))
      throw badRequest('invalid_request', ALERT_MESSAGES.lastEventId);
    return {
      organizationIds: await this.accounts.organizationScope(principal, query['org_ids[]']),
      regions: boxes,
      lastEventId: resume === undefined ? null : Number(resume.trim()),
    };
  }
}
