/**
 * The demo fleet: assets for each demo organisation, registered once with OsmAnd device ids so the
 * simulator (or a phone running Traccar Client) can drive them. A few are seeded with old check-ins
 * so a new user also sees pending and offline assets.
 */

import type { Db } from '../platform/db/database';
import { demoOrganizationId, DEMO_ORGANIZATIONS } from './demo-data';
import { stableId } from './stable-id';
import { thingTypeId } from './reference-data';

export interface DemoAsset {
  deviceId: string;
  organization: string;
  type: string;
  nickname: string | null;
  /** Responders switch their lights on when they respond. */
  responder: boolean;
  /** Seeded with a check-in this many hours ago and never driven (ages into pending / offline). */
  silentForHours?: number;
}

const FLEETS: Record<
  string,
  Array<{ prefix: string; type: string; count: number; responder: boolean; name: string }>
> = {
  'springfield-pd': [
    { prefix: 'SPD-CAR', type: 'police', count: 10, responder: true, name: 'Patrol' },
    { prefix: 'SPD-SUV', type: 'police', count: 3, responder: true, name: 'Sergeant' },
  ],
  'capital-roadworks': [
    { prefix: 'CRW-AB', type: 'arrow_board', count: 5, responder: false, name: 'Arrow Board' },
    { prefix: 'CRW-MNT', type: 'maintenance', count: 5, responder: false, name: 'Crew' },
  ],
  'prairie-fleet': [
    { prefix: 'PSF-TOW', type: 'tow', count: 6, responder: false, name: 'Tow' },
    { prefix: 'PSF-EMS', type: 'ems', count: 6, responder: true, name: 'Medic' },
    { prefix: 'PSF-FIRE', type: 'fire', count: 4, responder: true, name: 'Engine' },
    { prefix: 'PSF-WST', type: 'waste', count: 4, responder: false, name: 'Route' },
  ],
};

export function demoFleet(): DemoAsset[] {
  const assets: DemoAsset[] = [];
  for (const [organization, fleets] of Object.entries(FLEETS)) {
    for (const fleet of fleets) {
      for (let n = 1; n <= fleet.count; n++) {
        const number = String(100 + n);
        assets.push({
          deviceId: `${fleet.prefix}-${number}`,
          organization,
          type: fleet.type,
          // Every fourth asset has no nickname, so the list shows the system name.
          nickname: n % 4 === 0 ? null : `${fleet.name} ${number}`,
          responder: fleet.responder,
          // The last of each fleet is silent: the first 8 hours ago (pending), the other 5 days (offline).
          ...(n === fleet.count ? { silentForHours: fleets.indexOf(fleet) % 2 === 0 ? 9 : 120 } : {}),
        });
      }
    }
  }
  return assets;
}

export const demoThingId = (deviceId: string) => stableId(`demo_thing:${deviceId}`);

export async function seedDemoFleet(db: Db): Promise<void> {
  const organizations = new Map(DEMO_ORGANIZATIONS.map((o) => [o.key, o]));
  await db.transaction().execute(async (trx) => {
    for (const asset of demoFleet()) {
      const org = organizations.get(asset.organization)!;
      const silentSince = asset.silentForHours
        ? new Date(Date.now() - asset.silentForHours * 3_600_000)
        : null;
      await trx
        .insertInto('things')
        .values({
          id: demoThingId(asset.deviceId),
          organization_id: demoOrganizationId(asset.organization),
          device_id: asset.deviceId,
          device_type: 'osmand',
          nickname: asset.nickname,
          thing_type_id: thingTypeId(asset.type),
          thing_subtype_id: null,
          vin_number: null,
          license_plate_number: null,
          registry_number: null,
          wzdx_enabled: asset.type === 'arrow_board',
          r2r_enabled: asset.responder,
          // Responders carry command hardware (R2R, LED), alternately HA5 and HA7.
          hardware: asset.responder ? (asset.deviceId.endsWith('1') ? 'ha5' : 'ha7') : null,
          // The demo fleet is driven by the built-in simulator (and by hand in the docs' examples) with
          // its System Ids: marked as legacy devices, which an administrator can undo per asset.
          legacy_device_id: true,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      // A silent asset last reported long ago, as standby: the status sweep moves it on.
      if (silentSince) {
        await trx
          .insertInto('thing_states')
          .values({
            thing_id: demoThingId(asset.deviceId),
            lat: org.lat + 0.01,
            lng: org.lng - 0.01,
            heartbeat_at: silentSince,
            position_at: silentSince,
            status: 'standby',
          })
          .onConflict((oc) => oc.column('thing_id').doNothing())
          .execute();
      }
    }
    // Springfield PD may see Capital Road Works' arrow boards (accessor).
    for (const asset of demoFleet().filter((a) => a.type === 'arrow_board')) {
      await trx
        .insertInto('thing_relationships')
        .values({
          thing_id: demoThingId(asset.deviceId),
          organization_id: demoOrganizationId('springfield-pd'),
          relationship_type: 'accessor',
        })
        .onConflict((oc) => oc.columns(['thing_id', 'organization_id']).doNothing())
        .execute();
    }
  });
}
