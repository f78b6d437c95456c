import destination from '@turf/destination';
import { describe, expect, it } from 'vitest';
import type { Alert } from '../schemas/alert';
import { ALERT_REACH } from './alert-rules';
import { alertDistanceFor, headingDifference, nearestPart, type VehiclePosition } from './alert-relevance';

const SCENE: [number, number] = [-89.6501, 39.7817];
/** A vehicle `metres` from the scene towards `bearing`, facing `heading`. */
function vehicle(metres: number, fromBearing: number, heading: number | null): VehiclePosition {
  const [lng, lat] = destination(SCENE, metres, fromBearing, { units: 'meters' }).geometry.coordinates as [
    number,
    number,
  ];
  return { lat, lng, heading };
}
const alert = (
  fields: Partial<Alert> & Pick<Alert, 'type'>,
): Pick<Alert, 'type' | 'geometry' | 'heading' | 'reach'> => ({
  geometry: { type: 'Point', coordinates: SCENE },
  heading: null,
  reach: ALERT_REACH[fields.type],
  ...fields,
});

describe('a scene on an eastbound roadway', () => {
  const scene = alert({ type: 'responder_scene', heading: 90 });

  it('concerns a vehicle driving east towards it within 2 km, with its distance', () => {
    expect(alertDistanceFor(scene, vehicle(1_000, 270, 90))).toBeCloseTo(1_000, -1);
    expect(alertDistanceFor(scene, vehicle(1_000, 270, 100))).not.toBeNull();
  });

  it('does not concern one driving away, one on the other carriageway, one past it or one too far', () => {
    expect(alertDistanceFor(scene, vehicle(1_000, 270, 270))).toBeNull();
    expect(alertDistanceFor(scene, vehicle(1_000, 90, 270))).toBeNull();
    expect(alertDistanceFor(scene, vehicle(1_000, 90, 90))).toBeNull();
    expect(alertDistanceFor(scene, vehicle(2_500, 270, 90))).toBeNull();
  });

  it('concerns any vehicle within its reach all around, whatever it faces', () => {
    expect(alertDistanceFor(scene, vehicle(200, 0, 0))).toBeCloseTo(200, -1);
    expect(alertDistanceFor(scene, vehicle(200, 90, null))).not.toBeNull();
    expect(alertDistanceFor(scene, vehicle(600, 270, null))).toBeNull();
  });

  it('keeps concerning a vehicle that turns a little, until it is beside or behind it', () => {
    const weaving = vehicle(500, 270, 130);
    expect(alertDistanceFor(scene, weaving)).toBeNull();
    expect(alertDistanceFor(scene, weaving, true)).not.toBeNull();
    expect(alertDistanceFor(scene, vehicle(500, 90, 90), true)).toBeNull();
  });
});

describe('a responder approaching', () => {
  const responder = alert({ type: 'responder_approaching', heading: 90 });

  it('concerns the vehicles it drives towards, whichever way they face', () => {
    expect(alertDistanceFor(responder, vehicle(800, 90, 90))).toBeCloseTo(800, -1);
    expect(alertDistanceFor(responder, vehicle(800, 90, 270))).not.toBeNull();
    expect(alertDistanceFor(responder, vehicle(800, 270, 90))).toBeNull();
  });
});

describe('lines and areas', () => {
  it('measures to the nearest part of a closure, and concerns a vehicle heading into it', () => {
    const closure = alert({
      type: 'road_closure',
      heading: 90,
      geometry: { type: 'LineString', coordinates: [SCENE, [-89.64, 39.7817]] },
    });
    const west = vehicle(850, 270, 90);
    expect(nearestPart(closure, west).metres).toBeCloseTo(850, -1);
    expect(alertDistanceFor(closure, west)).not.toBeNull();
    expect(alertDistanceFor(closure, vehicle(850, 270, 270))).toBeNull();
  });

  it('is at no distance inside a polygon', () => {
    const ring: Array<[number, number]> = [
      [-89.66, 39.77],
      [-89.64, 39.77],
      [-89.64, 39.79],
      [-89.66, 39.79],
      [-89.66, 39.77],
    ];
    const area = alert({ type: 'responder_scene', geometry: { type: 'Polygon', coordinates: [ring] } });
    expect(alertDistanceFor(area, vehicle(10, 0, null))).toBe(0);
    expect(nearestPart(area, vehicle(1_500, 0, 180)).metres).toBeGreaterThan(0);
  });

  it('measures headings both ways round', () => {
    expect(headingDifference(350, 10)).toBe(20);
    expect(headingDifference(90, 270)).toBe(180);
  });
});
