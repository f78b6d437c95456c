import { describe, expect, it } from 'vitest';
import {
  ZoneInputSchema,
  ZONE_EXPIRY_MINUTES_MAX,
  ZONE_EXPIRY_MINUTES_MIN,
  ZONE_MESSAGES,
  zonesLoadErrorMessage,
  zoneSaveErrorMessage,
  zoneStatus,
} from './zone';

const valid = {
  type: 'wrong_way_driver',
  hotspot_id: ' HS-1 ',
  geom_type: 'polyline',
  geometry: {
    type: 'LineString',
    coordinates: [
      [-89.65, 39.8],
      [-89.64, 39.8],
    ],
  },
};

describe('the alerting zone payload', () => {
  it('takes a line of 2 points and trims the hotspot id', () => {
    expect(ZoneInputSchema.parse(valid).hotspot_id).toBe('HS-1');
  });

  it('refuses a line of one point, a blank hotspot id, and another zone type', () => {
    const onePoint = { ...valid, geometry: { type: 'LineString', coordinates: [[-89.65, 39.8]] } };
    expect(ZoneInputSchema.safeParse(onePoint).error?.issues[0]?.message).toBe(ZONE_MESSAGES.tooFewPoints);
    expect(ZoneInputSchema.safeParse({ ...valid, hotspot_id: '  ' }).error?.issues[0]?.message).toBe(
      'Required',
    );
    expect(ZoneInputSchema.safeParse({ ...valid, type: 'speeding' }).success).toBe(false);
    expect(ZoneInputSchema.safeParse({ ...valid, geom_type: 'polygon' }).success).toBe(false);
  });

  it(`takes a default expiry of ${ZONE_EXPIRY_MINUTES_MIN} to ${ZONE_EXPIRY_MINUTES_MAX} whole minutes, or none (the zone's own)`, () => {
    expect(ZoneInputSchema.parse(valid).default_expiry_minutes).toBeUndefined();
    for (const minutes of [ZONE_EXPIRY_MINUTES_MIN, ZONE_EXPIRY_MINUTES_MAX])
      expect(
        ZoneInputSchema.parse({ ...valid, default_expiry_minutes: minutes }).default_expiry_minutes,
      ).toBe(minutes);
    for (const minutes of [0, ZONE_EXPIRY_MINUTES_MAX + 1, 2.5, '30', null])
      expect(
        ZoneInputSchema.safeParse({ ...valid, default_expiry_minutes: minutes }).error?.issues[0]?.message,
      ).toBe(ZONE_MESSAGES.expiryRange);
  });
});

describe('zone messages', () => {
  it('the load errors', () => {
    expect(zonesLoadErrorMessage(0, undefined)).toBe('Connection failed');
    expect(zonesLoadErrorMessage(403, 'x')).toBe('User does not have required permissions');
    expect(zonesLoadErrorMessage(404, 'Organization not found')).toBe('Organization not found');
    expect(zonesLoadErrorMessage(404, undefined)).toBe('Unknown failure');
    expect(zonesLoadErrorMessage(500, 'boom')).toBe('Unknown failure');
  });

  it('the save errors and the status', () => {
    expect(zoneSaveErrorMessage(409, ZONE_MESSAGES.hotspotTaken)).toBe(ZONE_MESSAGES.hotspotTaken);
    expect(zoneSaveErrorMessage(500, 'boom')).toBe(ZONE_MESSAGES.unableToSave);
    expect(zoneStatus({ is_active: true })).toBe('active');
    expect(zoneStatus({ is_active: false })).toBe('standby');
  });
});
