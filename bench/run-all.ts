/**
 * `npm run bench`: each benchmark prints its figure next to a baseline measured in the same run,
 * as a ratio, because the machines are shared and noisy.
 */
import { benchAuthenticatedRequests } from './auth-requests.bench';
import { benchDashboardsAllEngines } from './dashboards.bench';
import { benchDatabaseFaults } from './database-faults.bench';
import { benchExportsAllEngines } from './exports.bench';
import { benchIncidentsAllEngines } from './incidents.bench';
import { benchIngestAllEngines } from './ingest.bench';
import { benchJobTiming } from './job-timing.bench';
import { benchLiveFeedAllEngines } from './live-feed.bench';
import { benchLiveFeedAttack } from './live-feed-attack.bench';
import { benchMap } from './map.bench';
import { benchMotoristAlerts } from './motorist-alerts.bench';
import { benchPointsGrowth } from './points-growth.bench';
import { benchServerStart } from './server-start.bench';
import { benchStationsAllEngines } from './stations.bench';
import { benchTripsAllEngines } from './trips.bench';
import { benchWzdxAllEngines } from './wzdx.bench';

const results = [
  ...(await benchServerStart()),
  await benchAuthenticatedRequests(),
  ...(await benchIngestAllEngines()),
  ...(await benchIncidentsAllEngines()),
  ...(await benchStationsAllEngines()),
  ...(await benchLiveFeedAllEngines()),
  await benchLiveFeedAttack(),
  ...(await benchDashboardsAllEngines()),
  ...(await benchTripsAllEngines()),
  ...(await benchWzdxAllEngines()),
  ...(await benchExportsAllEngines()),
  ...(await benchPointsGrowth()),
  ...(await benchJobTiming()),
  ...(await benchDatabaseFaults()),
  ...(await benchMotoristAlerts()),
  ...(await benchMap()),
];
for (const r of results) {
  console.log(`${r.name}: ${r.ratio.toFixed(2)}x the baseline (${r.detail})`);
}
