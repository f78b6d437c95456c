/** Every migration, in order. Landed migrations are never edited: add a new file instead. */
import type { Migration } from 'kysely';
import * as createAccounts from './202611221800_create_accounts';
import * as addAccountSecurity from './202611221900_add_account_security';
import * as createThings from './202611222000_create_things';
import * as addThingIndexes from './202611231000_add_thing_indexes';
import * as addThingRuns from './202611231200_add_thing_runs';
import * as splitThingStates from './202611241000_split_thing_states';
import * as createIncidents from './202611241200_create_incidents';
import * as idempotentPoints from './202611241300_idempotent_points';
import * as createApiKeys from './202611251000_create_api_keys';
import * as deviceCredentials from './202611261500_device_credentials';
import * as createAreas from './202611270900_create_areas';
import * as addTripPointsIndex from './202611271000_add_trip_points_index';
import * as createDeviceCommands from './202611271010_create_device_commands';
import * as createAlertingZones from './202611280900_create_alerting_zones';
import * as createClosures from './202611281000_create_closures';
import * as createWzdxFeedSources from './202611291200_create_wzdx_feed_sources';
import * as createR2rAlerts from './202611301400_create_r2r_alerts';
import * as createHazards from './202612010900_create_hazards';
import * as createExports from './202612011000_create_exports';
import * as createMonthlyReports from './202612011100_create_monthly_reports';
import * as feedTokensByKind from './202612020900_feed_tokens_by_kind';
import * as addClosureRoadNames from './202612021000_add_closure_road_names';
import * as addApiKeyScopes from './202612021100_add_api_key_scopes';
import * as addIncidentNearArea from './202612021200_add_incident_near_area';
import * as addThingDeviceConfiguration from './202612030900_add_thing_device_configuration';
import * as addZoneDefaultExpiry from './202612031000_add_zone_default_expiry';
import * as organizationPosition from './202612031100_organization_position';
import * as addIncidentExtent from './202612031200_add_incident_extent';
import * as createClosureHistory from './202612031215_create_closure_history';

export const migrations: Record<string, Migration> = {
  '202611221800_create_accounts': createAccounts,
  '202611221900_add_account_security': addAccountSecurity,
  '202611222000_create_things': createThings,
  '202611231000_add_thing_indexes': addThingIndexes,
  '202611231200_add_thing_runs': addThingRuns,
  '202611241000_split_thing_states': splitThingStates,
  '202611241200_create_incidents': createIncidents,
  '202611241300_idempotent_points': idempotentPoints,
  '202611251000_create_api_keys': createApiKeys,
  '202611261500_device_credentials': deviceCredentials,
  '202611270900_create_areas': createAreas,
  '202611271000_add_trip_points_index': addTripPointsIndex,
  '202611271010_create_device_commands': createDeviceCommands,
  '202611280900_create_alerting_zones': createAlertingZones,
  '202611281000_create_closures': createClosures,
  '202611291200_create_wzdx_feed_sources': createWzdxFeedSources,
  '202611301400_create_r2r_alerts': createR2rAlerts,
  '202612010900_create_hazards': createHazards,
  '202612011000_create_exports': createExports,
  '202612011100_create_monthly_reports': createMonthlyReports,
  '202612020900_feed_tokens_by_kind': feedTokensByKind,
  '202612021000_add_closure_road_names': addClosureRoadNames,
  '202612021100_add_api_key_scopes': addApiKeyScopes,
  '202612021200_add_incident_near_area': addIncidentNearArea,
  '202612030900_add_thing_device_configuration': addThingDeviceConfiguration,
  '202612031000_add_zone_default_expiry': addZoneDefaultExpiry,
  '202612031100_organization_position': organizationPosition,
  '202612031200_add_incident_extent': addIncidentExtent,
  '202612031215_create_closure_history': createClosureHistory,
};
