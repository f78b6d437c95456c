/**
 * Stations in the ingest pipeline: OsmAnd single reports from 1,000 assets of an organisation with
 * 10,000 station areas (squares of about 150 m spread over the area the assets drive in, one report
 * in ten inside a station) against the same reports from 1,000 assets of an organisation with none,
 * alternating rounds on one server; the ratio of the medians. Target: at least 0.9x.
 */
import { polygonOf, type LngLat } from '@flare/core/areas/area-geometry';
import { toAreaValues } from '@flare/server/src/modules/areas/areas.mapper';
import { buildOsmandServer } from '@flare/server/src/modules/telemetry/osmand-server';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { ezTypeId } from '@flare/server/src/seed/reference-data';
import { benchCredential, engines, registerDevices, runLoad, type Engine } from './support';

const STATIONS = 10_000;
const DEVICES = 1_000;
const REPORTS_PER_DEVICE = 10;
const ROUNDS = 3;
/** Stations on a 100 x 100 grid, 0.01° apart, from this corner. */
const CORNER = { lat: 39.5, lng: -90 };
const STATION_SIDE = 0.0014;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function stationRing(i: number): LngLat[] {
  const lat = CORNER.lat + Math.floor(i / 100) * 0.01;
  const lng = CORNER.lng + (i % 100) * 0.01;
  return [
    [lng, lat],
    [lng + STATION_SIDE, lat],
    [lng + STATION_SIDE, lat + STATION_SIDE],
    [lng, lat + STATION_SIDE],
  ];
}

/** Report k of device d: every tenth (the last of each device) inside a station, the rest between stations. */
function reportQuery(deviceId: string, d: number, k: number, base: number): string {
  const cell = (d * REPORTS_PER_DEVICE + k) % STATIONS;
  const [[lng, lat]] = stationRing(cell) as [LngLat];
  const offset = k % 10 === 9 ? STATION_SIDE / 2 : 0.005;
  return `id=${benchCredential(deviceId)}&lat=${lat + offset}&lon=${lng + offset}&timestamp=${base + k * 20}&speed=0&accuracy=5&alerting=false`;
}

export async function benchStations(engine: Engine) {
  const { flare, drop } = await engine.build();
  try {
    const withStations = demoOrganizationId('springfield-pd');
    const without = demoOrganizationId('capital-roadworks');
    const stationed = await registerDevices(flare.db, 'STN', DEVICES, 'general', withStations);
    const plain = await registerDevices(flare.db, 'PLN', DEVICES, 'general', without);
    for (let i = 0; i < STATIONS; i += 1_000) {
      await flare.db
        .insertInto('areas')
        .values(
          Array.from({ length: Math.min(1_000, STATIONS - i) }, (_, j) => {
            const ring = stationRing(i + j);
            const [lng, lat] = ring[0]!;
            return {
              organization_id: withStations,
              created_by: null,
              ...toAreaValues(
                {
                  name: `Station ${i + j}`,
                  ez_type_id: ezTypeId('station'),
                  lat,
                  lng,
                  is_poi: false,
                  area_geom: polygonOf(ring),
                  radius_dist: 0,
                  state: 'IL',
                  country_code: 'US',
                  postal_code: null,
                },
                'polygon',
              ),
            };
          }),
        )
        .execute();
    }
    // Every process's station index follows area changes; this one reads the 10,000 now.
    await flare.app.events.emit('area.changed', { organization_id: withStations, area_id: 'bench' });

    const osmand = await buildOsmandServer(flare.app.ingest, flare.app.log, { ipRequestsPerMinute: 0 });
    await osmand.listen({ port: 0, host: '127.0.0.1' });
    const address = osmand.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const rate = async (devices: string[], base: number) => {
      const requests = Array.from({ length: DEVICES * REPORTS_PER_DEVICE }, (_, i) => {
        const d = i % DEVICES;
        return {
          url: `${url}/?${reportQuery(devices[d]!, d, Math.floor(i / DEVICES), base)}`,
          method: 'POST',
        };
      });
      const ms = await runLoad({ concurrency: 64, requests });
      return requests.length / (ms / 1000);
    };
    const base = Math.floor(Date.now() / 1000) - 6 * 3600;
    const rates = { with: [] as number[], without: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const roundBase = base + round * 1000;
      rates.without.push(await rate(plain, roundBase));
      rates.with.push(await rate(stationed, roundBase));
    }
    const atStations = await flare.db
      .selectFrom('thing_states')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('station_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await osmand.close();
    return [
      {
        name: `OsmAnd ingest with ${STATIONS.toLocaleString('en')} station areas vs none (${engine.name})`,
        ratio: median(rates.with) / median(rates.without),
        detail: `${Math.round(median(rates.with))} vs ${Math.round(median(rates.without))} reports/s (medians of ${ROUNDS}); ${atStations.n} assets at a station after the last round`,
      },
    ];
  } finally {
    await drop();
  }
}

export async function benchStationsAllEngines() {
  const results = [];
  for (const engine of engines()) results.push(...(await benchStations(engine)));
  return results;
}
