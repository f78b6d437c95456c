/**
 * `npm run simulate -- --assets N --rate R`: registers N simulated assets (as a platform
 * administrator, through the API) and drives them through the OsmAnd ingest at R reports per second.
 * Options: --api (default http://127.0.0.1:3000), --osmand (default http://127.0.0.1:5055),
 * --email / --password (default the demo platform administrator and DEMO_PASSWORD),
 * --organization (default the large demo organisation), --duration seconds (default: until Ctrl-C).
 */
import { parseArgs } from 'node:util';
import { demoOrganizationId } from '../seed/demo-data';
import { thingTypeId } from '../seed/reference-data';
import { sendOsmand } from './osmand-client';
import { Vehicle } from './vehicle';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '100' },
    rate: { type: 'string', default: '100' },
    api: { type: 'string', default: 'http://127.0.0.1:3000' },
    osmand: { type: 'string', default: 'http://127.0.0.1:5055' },
    email: { type: 'string', default: 'platform@prairie-fleet.test' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? '' },
    organization: { type: 'string', default: demoOrganizationId('prairie-fleet') },
    duration: { type: 'string' },
  },
});

const assets = Number(values.assets);
const rate = Number(values.rate);
if (!Number.isInteger(assets) || assets < 1 || !(rate > 0)) {
  console.error('--assets must be a positive integer and --rate a positive number');
  process.exit(2);
}
if (!values.password) {
  console.error('Give --password (or DEMO_PASSWORD): the password printed by npm start');
  process.exit(2);
}

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`${values.api}/api${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

const signIn = await api('/user_token', {
  method: 'POST',
  body: JSON.stringify({ grant_type: 'password', username: values.email, password: values.password }),
});
if (signIn.status !== 200) {
  console.error(`Sign-in failed (${signIn.status}): ${String(signIn.body.message)}`);
  process.exit(1);
}
const token = String(signIn.body.access_token);

const deviceIds = Array.from({ length: assets }, (_, i) => `SIM-${String(i + 1).padStart(6, '0')}`);
/** System Id -> the credential the simulated device reports with. */
const credentials = new Map<string, string>();
const credentialOf = (body: Record<string, unknown>) => String(body.device_credential);
let registered = 0;
for (let i = 0; i < deviceIds.length; i += 20) {
  await Promise.all(
    deviceIds.slice(i, i + 20).map(async (device_id) => {
      const result = await api('/things', {
        method: 'POST',
        token,
        body: JSON.stringify({
          device_id,
          thing_type_id: thingTypeId('general'),
          organization_id: values.organization,
        }),
      });
      if (result.status !== 201) return;
      registered++;
      credentials.set(device_id, credentialOf(result.body.device_credential as Record<string, unknown>));
    }),
  );
}
// Assets registered by an earlier run: their credential was shown then; issue new ones.
if (credentials.size < deviceIds.length) {
  const listed = await api(`/organization/things?org_ids[]=${values.organization}&per_page=5000`, { token });
  const ids = new Map(
    (listed.body.data as Array<{ id: string; haas_id: string }>).map((thing) => [thing.haas_id, thing.id]),
  );
  for (const deviceId of deviceIds.filter((id) => !credentials.has(id) && ids.has(id))) {
    const issued = await api(`/things/${ids.get(deviceId)}/device_credential`, {
      method: 'POST',
      token,
      body: '{}',
    });
    credentials.set(deviceId, credentialOf(issued.body));
  }
}
console.log(`${assets} simulated assets ready (${registered} newly registered); sending ${rate} reports/s`);

const home = { lat: 41.8781, lng: -87.6298 };
const vehicles = deviceIds.map((id) => new Vehicle(credentials.get(id) ?? id, home, false, Math.random));
const deadline = values.duration ? Date.now() + Number(values.duration) * 1000 : Infinity;
let sent = 0;
let failed = 0;
let inFlight = 0;
let next = 0;
let windowStart = Date.now();
const TICK_MS = 50;

const timer = setInterval(() => {
  if (Date.now() > deadline) {
    clearInterval(timer);
    console.log(`done: ${sent} sent, ${failed} failed`);
    return;
  }
  const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
  for (let i = 0; i < perTick && inFlight < 512; i++) {
    const vehicle = vehicles[next++ % vehicles.length]!;
    inFlight++;
    sendOsmand(values.osmand, vehicle.advance(assets / rate, Date.now()))
      .then((response) => (response.ok ? sent++ : failed++))
      .catch(() => failed++)
      .finally(() => inFlight--);
  }
  if (Date.now() - windowStart >= 5000) {
    console.log(`${new Date().toISOString()} sent ${sent} (${failed} failed), ${inFlight} in flight`);
    windowStart = Date.now();
  }
}, TICK_MS);
