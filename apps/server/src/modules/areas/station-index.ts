/**
 * Stations inside the ingest pipeline: the areas section's context provider. It answers, for each
 * reported position, the station area of the asset's organisation it lies in, from an in-memory
 * spatial index (flatbush over the areas' bounding boxes, then core's exact test) per organisation,
 * built at start and rebuilt for an organisation on each `area.changed`. A responding asset (its
 * latest report has the alert on) is at no station: active assets leave their station.
 */
import Flatbush from 'flatbush';
import { isInsideStation, stationBounds, type StationShape } from '@flare/core/areas/area-geometry';
import type { ThingContext } from '@flare/core/status/thing-status';
import type { ContextAnswer, ContextProvider, ContextSubject } from '../telemetry/thing-context.service';
import { stationShapeOf } from './areas.mapper';
import type { AreaRow, AreasRepository } from './areas.repository';

interface OrganizationStations {
  index: Flatbush;
  stations: Array<{ id: string; shape: StationShape }>;
}

export class StationIndex implements ContextProvider {
  readonly name = 'stations';
  private readonly byOrganization = new Map<string, OrganizationStations>();

  constructor(private readonly repository: AreasRepository) {}

  async load(): Promise<void> {
    const grouped = new Map<string, AreaRow[]>();
    for (const row of await this.repository.stations()) {
      const rows = grouped.get(row.organization_id);
      if (rows) rows.push(row);
      else grouped.set(row.organization_id, [row]);
    }
    this.byOrganization.clear();
    for (const [organizationId, rows] of grouped) this.keep(organizationId, rows);
  }

  /** Reads the organisation's stations again (one was added, changed or deleted). */
  async reload(organizationId: string): Promise<void> {
    this.keep(organizationId, await this.repository.stations(organizationId));
  }

  /** The station of the organisation at the position, or null. */
  stationAt(organizationId: string, position: { lat: number; lng: number }): string | null {
    const organization = this.byOrganization.get(organizationId);
    if (!organization) return null;
    const { lng, lat } = position;
    for (const i of organization.index.search(lng, lat, lng, lat)) {
      const station = organization.stations[i]!;
      if (isInsideStation(position, station.shape)) return station.id;
    }
    return null;
  }

  contextOf(subjects: readonly ContextSubject[]): Promise<ContextAnswer> {
    const answers = new Map<string, Partial<ThingContext>>();
    for (const subject of subjects) {
      const ownerId = subject.organizationIds[0];
      if (!subject.position || !ownerId || subject.reports?.at(-1)?.alerting) continue;
      const stationId = this.stationAt(ownerId, subject.position);
      if (stationId) answers.set(subject.thingId, { stationId });
    }
    return Promise.resolve({ known: answers });
  }

  private keep(organizationId: string, rows: readonly AreaRow[]): void {
    if (rows.length === 0) {
      this.byOrganization.delete(organizationId);
      return;
    }
    const index = new Flatbush(rows.length);
    const stations = rows.map((row) => {
      const shape = stationShapeOf(row);
      index.add(...stationBounds(shape));
      return { id: row.id, shape };
    });
    index.finish();
    this.byOrganization.set(organizationId, { index, stations });
  }
}
