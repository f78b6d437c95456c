/**
 * The status engine's step of the pipeline, pure: a batch of routed reports and the assets' contexts
 * become the points to store and each asset's new state. The rules themselves are core's: which
 * report moves an asset (movesAsset) and which status it is in (statusOf).
 */
import { movesAsset } from '@flare/core/status/thing-position';
import { statusOf, toServerStatus, type ThingContext } from '@flare/core/status/thing-status';
import { raisesOver } from '@flare/core/things/thing-alarm';
import type { DeviceReport } from '@flare/core/telemetry/report';
import type { ContextSubject } from './thing-context.service';
import type { DeviceRoute, PointRow, ThingStateUpdate } from './telemetry.repository';

export interface RoutedReport {
  report: DeviceReport;
  route: DeviceRoute;
}

/** The latest report of each thing in the batch (a later one in the batch wins a tie). */
export function latestByThing(batch: readonly RoutedReport[]): Map<string, RoutedReport> {
  const latest = new Map<string, RoutedReport>();
  for (const routed of batch) {
    const seen = latest.get(routed.route.thingId);
    if (!seen || routed.report.recordedAt >= seen.report.recordedAt) latest.set(routed.route.thingId, routed);
  }
  return latest;
}

/** What context providers are asked about each thing of a batch: its reports, oldest first. */
export function subjectsOf(
  batch: readonly RoutedReport[],
  latest: ReadonlyMap<string, RoutedReport>,
): ContextSubject[] {
  const reports = new Map<string, DeviceReport[]>();
  for (const { report, route } of batch) {
    const list = reports.get(route.thingId);
    if (list) list.push(report);
    else reports.set(route.thingId, [report]);
  }
  return [...latest.values()].map(({ report, route }) => ({
    thingId: route.thingId,
    organizationIds: route.organizationIds,
    responder: route.isResponder,
    r2rEnabled: route.r2rEnabled,
    position: report.position,
    reports: reports.get(route.thingId)!.sort((a, b) => a.recordedAt - b.recordedAt),
  }));
}

/** The points of a batch and each thing's new state, under the things' contexts at `now`. */
export function stateUpdates(
  batch: readonly RoutedReport[],
  contexts: ReadonlyMap<string, ThingContext>,
  now: number,
): { points: PointRow[]; updates: ThingStateUpdate[] } {
  const points: PointRow[] = [];
  const things = new Map<string, ThingAccumulator>();
  for (const { report, route } of batch) {
    const context = contexts.get(route.thingId)!;
    const accepted = report.position !== null && movesAsset(report, context.stationId !== null);
    points.push(pointRow(report, route, accepted));
    let thing = things.get(route.thingId);
    if (!thing) things.set(route.thingId, (thing = new ThingAccumulator(route)));
    thing.add(report, accepted);
  }
  const updates = [...things.values()].map((thing) => thing.update(contexts.get(thing.route.thingId)!, now));
  return { points, updates };
}

function pointRow(report: DeviceReport, route: DeviceRoute, accepted: boolean): PointRow {
  return {
    thing_id: route.thingId,
    recorded_at: new Date(report.recordedAt),
    lat: report.position?.lat ?? null,
    lng: report.position?.lng ?? null,
    valid: report.valid,
    speed: report.speed,
    course: report.course,
    altitude: report.altitude,
    accuracy: report.accuracy,
    hdop: report.hdop,
    battery: report.battery,
    charging: report.charging,
    alerting: report.alerting,
    accepted,
    in_service: report.inService,
    alarm: report.alarm,
    driver_unique_id: report.driverUniqueId,
    attributes: report.attributes,
  };
}

/** One thing's reports of a batch, reduced to its new state. */
class ThingAccumulator {
  private latest: DeviceReport | null = null;
  /** The latest report that moves the thing, or states each optional value. */
  private readonly latestWith = {
    move: null as DeviceReport | null,
    battery: null as DeviceReport | null,
    charging: null as DeviceReport | null,
    inService: null as DeviceReport | null,
  };
  private readonly alarms: DeviceReport[] = [];
  private alertPoints = 0;

  constructor(readonly route: DeviceRoute) {}

  add(report: DeviceReport, moves: boolean): void {
    const later = (seen: DeviceReport | null) => !seen || report.recordedAt >= seen.recordedAt;
    const latest = this.latestWith;
    if (later(this.latest)) this.latest = report;
    if (moves && later(latest.move)) latest.move = report;
    if (report.battery !== null && later(latest.battery)) latest.battery = report;
    if (report.charging !== null && later(latest.charging)) latest.charging = report;
    if (report.inService !== null && later(latest.inService)) latest.inService = report;
    if (report.alerting) this.alertPoints++;
    if (report.alarm !== null) this.alarms.push(report);
  }

  /** The alarm the batch raises, by core's rule applied in the order the reports were taken. */
  private raisedAlarm(): { type: string; at: Date } | null {
    let raised: DeviceReport | null = null;
    for (const report of this.alarms.sort((a, b) => a.recordedAt - b.recordedAt)) {
      if (raisesOver(report.alarm!, raised?.alarm ?? null)) raised = report;
    }
    return raised && { type: raised.alarm!, at: new Date(raised.recordedAt) };
  }

  update(context: ThingContext, now: number): ThingStateUpdate {
    const latest = this.latest!;
    const { move, battery, charging, inService } = this.latestWith;
    const status = statusOf(
      { heartbeatAt: latest.recordedAt, enroute: latest.alerting, street: this.route.street },
      context,
      now,
    );
    return {
      thingId: this.route.thingId,
      position: move?.position
        ? {
            at: new Date(move.recordedAt),
            lat: move.position.lat,
            lng: move.position.lng,
            speed: move.speed,
            course: move.course,
            accuracy: move.accuracy,
          }
        : null,
      enroute: latest.alerting,
      inService: inService?.inService ?? null,
      heartbeatAt: new Date(latest.recordedAt),
      status: toServerStatus(status),
      alertPoints: this.alertPoints,
      battery: battery?.battery ?? null,
      charging: charging?.charging ?? null,
      alarm: this.raisedAlarm(),
      stationId: context.stationId,
    };
  }
}
