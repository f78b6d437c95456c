import { describe, expect, it } from 'vitest';
import { AlertSchema } from '../schemas/alert';
import type { Hazard } from '../schemas/hazard';
import { makeClosure } from '../testing/closures';
import { makeIncident } from '../testing/incidents';
import { makeThing } from '../testing/things';
import { makeZone } from '../testing/zones';
import { alertInBbox, parseBbox } from './alert-area';
import {
  ALERT_REACH,
  HAZARD_ALERT_MS,
  RESPONDER_FRESH_MS,
  closureAlert,
  hazardAlert,
  responderAlert,
  sceneAlert,
  zoneAlert,
} from './alert-rules';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const secondsAgo = (s: number) => new Date(NOW - s * 1000).toISOString();

const responding = makeThing({
  status: 'active',
  enroute: true,
  speed: 15,
  lat: 39.8,
  lng: -89.6,
  course: 270,
  heartbeat_datetime: secondsAgo(5),
  run_started_at: secondsAgo(120),
});

function makeHazard(overrides: Partial<Hazard> = {}): Hazard {
  return {
    id: 'h1',
    organization_id: 'org-1',
    hazard_type: 'debris',
    severity: 'medium',
    lat: 39.79,
    lng: -89.64,
    reported_at: secondsAgo(600),
    reported_by: { kind: 'user', id: 'u1', name: 'A User' },
    note: null,
    has_photo: false,
    status: 'open',
    resolved_at: null,
    resolved_by: null,
    ...overrides,
  };
}

describe('responder approaching', () => {
  it('is an emergency asset responding with its lights on, heading its way', () => {
    const alert = responderAlert(responding, NOW)!;
    expect(AlertSchema.parse(alert)).toEqual(alert);
    expect(alert).toMatchObject({
      id: `thing:${responding.id}`,
      type: 'responder_approaching',
      severity: 'high',
      message: 'Emergency vehicle approaching',
      geometry: { type: 'Point', coordinates: [-89.6, 39.8] },
      heading: 270,
      reach: ALERT_REACH.responder_approaching,
      start_time: responding.run_started_at,
      source: { kind: 'thing', id: responding.id },
    });
  });

  it.each([
    ['not responding', { status: 'standby' as const, enroute: false }],
    ['on scene (the scene warns instead)', { status: 'active_location' as const }],
    ['out of service', { in_service: false }],
    ['not alerting publicly', { is_publicly_alerting: false }],
    ['in test mode', { test_mode: true }],
    ['not an emergency asset', { is_responder: false }],
    ['stopped (arriving: the scene will warn)', { speed: 1 }],
    ['without a position', { lat: null, lng: null }],
    [
      'silent for longer than a position stays true',
      { heartbeat_datetime: secondsAgo(RESPONDER_FRESH_MS / 1000 + 1) },
    ],
  ])('is no alert when %s', (_, overrides) => {
    expect(responderAlert({ ...responding, ...overrides }, NOW)).toBeNull();
  });
});

describe('responder scene', () => {
  it("warns with the incident's message for navigation apps along its roadway heading", () => {
    const incident = makeIncident({ alert_message: 'Police activity: keep right', roadway_heading: 45 });
    expect(sceneAlert(incident)).toMatchObject({
      id: `incident:${incident.id}`,
      type: 'responder_scene',
      message: 'Police activity: keep right',
      heading: 45,
      start_time: incident.start_time,
      geometry: incident.features,
      reach: { ahead_m: 2_000, around_m: 300 },
    });
  });

  it('sends a circle drawn around the scene as a closed polygon', () => {
    const incident = makeIncident({
      features: { type: 'Circle', coordinates: [-89.65, 39.78], radius: 150 },
    });
    const geometry = sceneAlert(incident)!.geometry;
    expect(geometry.type).toBe('Polygon');
    const ring = (geometry.coordinates as number[][][])[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    expect(AlertSchema.shape.geometry.parse(geometry)).toEqual(geometry);
  });

  it('ends with the incident', () => {
    expect(sceneAlert(makeIncident({ is_active: false }))).toBeNull();
  });
});

describe('closures', () => {
  const active = { status: 'active' as const, is_active: true };

  it("is a road closure with the closure's alert message, direction and end", () => {
    const closure = makeClosure({
      ...active,
      alert_message: 'Bridge closed',
      direction: 'E',
      end_time: secondsAgo(-3600),
    });
    expect(closureAlert(closure)).toMatchObject({
      type: 'road_closure',
      severity: 'high',
      message: 'Bridge closed',
      heading: 90,
      geometry: closure.route_path,
      expected_end_time: closure.end_time,
      source: { kind: 'closure', id: closure.id },
    });
  });

  it('is a work zone when published as work-zone data or kept by a road-works organisation, high only when every lane is closed', () => {
    const published = closureAlert(
      makeClosure({ ...active, is_publish_on: true, vehicle_impact: 'some-lanes-closed' }),
    )!;
    expect(published).toMatchObject({ type: 'work_zone', severity: 'medium', message: 'Work zone' });
    const roadWorks = makeClosure({ ...active, vehicle_impact: 'all-lanes-closed' });
    roadWorks.organization = { ...roadWorks.organization, organization_type: 'road_works' };
    expect(closureAlert(roadWorks)).toMatchObject({ type: 'work_zone', severity: 'high' });
  });

  it('is no alert in standby, pending or deleted', () => {
    expect(closureAlert(makeClosure())).toBeNull();
    expect(closureAlert(makeClosure({ ...active, is_deleted: true }))).toBeNull();
  });
});

describe('wrong-way-driver zones', () => {
  const incidentOnIt = {
    id: 'i1',
    external_id: 'INC-1',
    name: 'Exit 92',
    start_time: secondsAgo(300),
    default_expiry: secondsAgo(-1500),
  };

  it('warns along the zone until its incidents expire', () => {
    const zone = makeZone({ is_active: true, active_locations: [incidentOnIt] });
    expect(zoneAlert(zone)).toMatchObject({
      type: 'wrong_way_driver',
      message: 'Wrong-way driver ahead',
      geometry: zone.features.features[0]!.geometry,
      start_time: incidentOnIt.start_time,
      expected_end_time: incidentOnIt.default_expiry,
    });
  });

  it('has no end to expect while a detector along it responds', () => {
    const zone = makeZone({ is_active: true, active_things: [{ id: 't', name: 'WWD 1', is_active: true }] });
    expect(zoneAlert(zone)).toMatchObject({ start_time: null, expected_end_time: null });
    expect(zoneAlert(makeZone({ alert_message: null, is_active: true }))!.message).toBe('Wrong-way driver');
  });

  it('is no alert in standby', () => {
    expect(zoneAlert(makeZone())).toBeNull();
  });
});

describe('hazards', () => {
  it('warns of an open hazard at its severity, named by its type', () => {
    expect(hazardAlert(makeHazard(), NOW)).toMatchObject({
      type: 'hazard',
      severity: 'medium',
      message: 'Debris on the road',
      geometry: { type: 'Point', coordinates: [-89.64, 39.79] },
      reach: { ahead_m: 500, around_m: 100 },
      start_time: secondsAgo(600),
      expected_end_time: new Date(NOW - 600_000 + HAZARD_ALERT_MS).toISOString(),
    });
    expect(hazardAlert(makeHazard({ hazard_type: 'other' }), NOW)!.message).toBe('Hazard on the road');
    expect(hazardAlert(makeHazard({ status: 'resolved', resolved_at: secondsAgo(1) }), NOW)).toBeNull();
  });

  it('stops warning a day after the report even when nobody resolved it', () => {
    const reported = makeHazard({ reported_at: new Date(NOW - HAZARD_ALERT_MS).toISOString() });
    expect(hazardAlert(reported, NOW)).toBeNull();
    expect(hazardAlert(reported, NOW - 1)).not.toBeNull();
  });
});

describe('the region asked for', () => {
  it('reads west,south,east,north and refuses anything else', () => {
    expect(parseBbox('-89.7,39.7,-89.5,39.9')).toEqual([-89.7, 39.7, -89.5, 39.9]);
    for (const bad of [
      '',
      '1,2,3',
      '1,2,3,4,5',
      'a,b,c,d',
      '-89.5,39.7,-89.7,39.9',
      '0,91,1,92',
      '0,0,181,1',
      '1,,2,3',
      'NaN,0,1,1',
    ])
      expect(parseBbox(bad), bad).toBeNull();
  });

  it('holds an alert any part of which lies in it', () => {
    const box = parseBbox('-89.7,39.7,-89.5,39.9')!;
    expect(alertInBbox(responderAlert(responding, NOW)!, box)).toBe(true);
    expect(alertInBbox({ geometry: { type: 'Point', coordinates: [-88, 39.8] } }, box)).toBe(false);
    // A closure crossing the box with no point inside it.
    const crossing = {
      type: 'LineString' as const,
      coordinates: [
        [-89.8, 39.8],
        [-89.4, 39.8],
      ] as Array<[number, number]>,
    };
    expect(alertInBbox({ geometry: crossing }, box)).toBe(true);
  });
});
