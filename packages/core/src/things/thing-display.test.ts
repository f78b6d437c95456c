import { describe, expect, it } from 'vitest';
import {
  isFeedAsset,
  compassPoint,
  displayName,
  displaySpeed,
  primaryDisplayName,
  secondaryDisplayName,
  shortenName,
  speedUnit,
} from './thing-display';

describe('asset display names', () => {
  it('uses the nickname, else the system name upper-cased', () => {
    expect(primaryDisplayName({ nickname: 'Engine 7', haas_id: 'ha-123' })).toBe('Engine 7');
    expect(primaryDisplayName({ nickname: null, haas_id: 'ha-123' })).toBe('HA-123');
    expect(secondaryDisplayName({ nickname: 'Engine 7', haas_id: 'ha-123' })).toBe('ha-123');
    expect(secondaryDisplayName({ nickname: '  ', haas_id: 'ha-123' })).toBeNull();
  });

  it('shortens names of 12 characters or more to first 4 + ... + last 4', () => {
    expect(shortenName('ABCDEFGHIJK')).toBe('ABCDEFGHIJK');
    expect(shortenName('ABCDEFGHIJKL')).toBe('ABCD...IJKL');
    expect(displayName('ABCDEFGHIJKL', { full: true, inService: true })).toBe('ABCDEFGHIJKL');
    expect(displayName('Tow 3', { inService: false })).toBe('Tow 3 | OOS');
  });
});

describe('motion', () => {
  it('follows the 8-point compass rule', () => {
    expect(compassPoint(0)).toBe('N');
    expect(compassPoint(22)).toBe('N');
    expect(compassPoint(23)).toBe('NE');
    expect(compassPoint(180)).toBe('S');
    expect(compassPoint(338)).toBe('N');
    expect(compassPoint(-45)).toBe('NW');
    expect(compassPoint(null)).toBeNull();
  });

  it('shows mph for US-style countries and km/h elsewhere, 0 when stale or still', () => {
    expect(speedUnit('US')).toBe('mph');
    expect(speedUnit('gb')).toBe('mph');
    expect(speedUnit('DE')).toBe('km/h');
    expect(displaySpeed(10, { unit: 'mph', stale: false, moving: true })).toBe(22);
    expect(displaySpeed(10, { unit: 'km/h', stale: false, moving: true })).toBe(36);
    expect(displaySpeed(10, { unit: 'mph', stale: true, moving: true })).toBe(0);
    expect(displaySpeed(10, { unit: 'mph', stale: false, moving: false })).toBe(0);
  });
});

describe('feed assets', () => {
  it('are those reporting through the API or linked to an integration provider', () => {
    const own = { device_type: 'osmand', external_identifiers: [] };
    expect(isFeedAsset(own)).toBe(false);
    expect(isFeedAsset({ ...own, device_type: 'api' })).toBe(true);
    expect(isFeedAsset({ ...own, external_identifiers: [{ is_deleted: false }] })).toBe(true);
    expect(isFeedAsset({ ...own, external_identifiers: [{ is_deleted: true }] })).toBe(false);
  });
});
