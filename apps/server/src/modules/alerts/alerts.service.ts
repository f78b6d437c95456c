/** Motorist alerts for a signed-in user or an alerts-scoped API key: those of its organisations, in a region. */
import { alertInBbox, parseBbox } from '@flare/core/alerts/alert-area';
import { ALERT_MESSAGES, ALERT_TYPE_IDS, type Alerts, type AlertsQuery } from '@flare/core/schemas/alert';
import type { Principal } from '../../platform/auth-hook';
import { badRequest } from '../../platform/http-errors';
import type { AccountsService } from '../accounts/accounts.service';
import type { AlertSources } from './alert-sources';

export class AlertsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sources: AlertSources,
    private readonly now: () => number = Date.now,
  ) {}

  /** Most urgent type first, then the newest. */
  async list(principal: Principal, query: AlertsQuery): Promise<Alerts> {
    const bbox = query.bbox === undefined ? null : parseBbox(query.bbox);
    if (query.bbox !== undefined && !bbox) throw badRequest('invalid_request', ALERT_MESSAGES.bbox);
    const organizationIds = await this.accounts.organizationScope(principal, query['org_ids[]']);
    const alerts = await this.sources.alertsOf(organizationIds, this.now());
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
}
