import { describe, expect, it } from 'vitest';
import { fromFlareJson } from './ingest';
import { fromOsmandParams, fromTraccarJson, osmandParams } from './osmand';
import { parseTime, readReport } from './report';

const NOW = Date.UTC(2026, 10, 23, 12);
const osmand = (params: Record<string, string>) => readReport(fromOsmandParams(params), NOW);

describe('parseTime', () => {
  it('reads seconds below 2^31 and milliseconds from there on, as Traccar does', () => {
    expect(parseTime('1795435200')).toBe(1_795_435_200_000);
    expect(parseTime(1_795_435_200_000)).toBe(1_795_435_200_000);
  });

  it('reads ISO dates and yyyy-MM-dd HH:mm:ss as UTC', () => {
    expect(parseTime('2026-11-23T12:00:00Z')).toBe(NOW);
    expect(parseTime('2026-11-23 12:00:00')).toBe(NOW);
  });

  it('is null for anything else', () => {
    for (const value of ['abc', '23/11/2026', '', {}, true, Number.POSITIVE_INFINITY])
      expect(parseTime(value)).toBeNull();
  });
});

describe('readReport', () => {
  it('normalises the device id (trimmed, NFC)', () => {
    const read = osmand({ id: ' CAFE\u0301-1 ' });
    expect(read.ok && read.report.deviceId).toBe('CAF\u00c9-1');
  });

  it('takes a report without coordinates as a check-in at the current time', () => {
    const read = osmand({ id: 'A' });
    expect(read.ok && read.report).toMatchObject({ position: null, recordedAt: NOW, valid: true });
  });

  it('names every field it refuses, with its value', () => {
    const read = osmand({ id: 'A', lat: 'x', lon: '200', timestamp: 'soon', bearing: 'east' });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reasons).toEqual([
      'timestamp "soon" is not a time',
      'lat "x" is not a number',
      'lon "200" is out of range (-180 to 180)',
      'bearing "east" is not a number',
    ]);
  });

  it('reads numbers in text as decimals only', () => {
    expect(osmand({ id: 'A', lat: '+39.5', lon: '-8.9e1', speed: '.5' })).toMatchObject({ ok: true });
    const read = osmand({ id: 'A', lat: '0x10', lon: '0b1', speed: 'Infinity', bearing: '1_0' });
    expect(!read.ok && read.reasons).toEqual([
      'lat "0x10" is not a number',
      'lon "0b1" is not a number',
      'speed "Infinity" is not a number',
      'bearing "1_0" is not a number',
    ]);
  });

  it('keeps every cell tower and wifi access point of a request, and the last value of other repeats', () => {
    const params = osmandParams(
      new URLSearchParams(
        'id=A&cell=310,410,1,2&cell=310,410,1,3&wifi=aa-bb,-60&wifi=cc-dd,-70&batt=5&batt=6',
      ),
    );
    expect(params).toEqual({
      id: 'A',
      cell: '310,410,1,2;310,410,1,3',
      wifi: 'aa-bb,-60;cc-dd,-70',
      batt: '6',
    });
  });

  it('refuses a JSON location that is not a location object', () => {
    for (const location of ['x', [[1]], 5, null]) {
      const read = readReport(fromTraccarJson({ device_id: 'A', location })[0]!, NOW);
      expect(!read.ok && read.reasons[0]).toMatch(/^location .* is not a location object$/);
    }
  });

  it('says the id is missing, whatever the protocol calls it', () => {
    expect(osmand({ lat: '1', lon: '1' })).toEqual({
      ok: false,
      reasons: ['id is missing'],
      kind: 'invalid',
    });
    const json = readReport(fromTraccarJson({ device_id: null, location: {} })[0]!, NOW);
    expect(json).toEqual({ ok: false, reasons: ['device_id is missing'], kind: 'invalid' });
  });

  it('reads unknown values (-1) as unknown, not as errors', () => {
    const [raw] = fromTraccarJson({
      device_id: 'A',
      location: {
        timestamp: '2026-11-23T12:00:00Z',
        coords: { latitude: 1, longitude: 2, speed: -1, heading: -1, accuracy: -1 },
        battery: { level: -1, is_charging: false },
      },
    });
    const read = readReport(raw!, NOW);
    expect(read.ok && read.report).toMatchObject({
      speed: null,
      course: null,
      accuracy: null,
      battery: null,
    });
  });

  it('keeps other parameters as typed attributes, up to 4 KB', () => {
    const read = osmand({ id: 'A', ignition: 'true', temp: '21.5', mode: 'patrol' });
    expect(read.ok && read.report.attributes).toEqual({ ignition: true, temp: 21.5, mode: 'patrol' });
    const big = osmand({ id: 'A', note: 'x'.repeat(4100) });
    expect(!big.ok && big.reasons[0]).toMatch(
      /^the other parameters \(note\) are 41\d\d bytes, more than the 4096 allowed$/,
    );
  });

  it("reads Flare's JSON report (the batch API and MQTT) in metres per second and percent", () => {
    const read = readReport(
      fromFlareJson({ device_id: 'A', lat: 1, lng: 2, timestamp: NOW, speed: 10, battery: 80, alarm: 'sos' }),
      NOW,
    );
    expect(read.ok && read.report).toMatchObject({ speed: 10, battery: 80, alarm: 'sos', recordedAt: NOW });
  });

  it('refuses text the database cannot store, in fields and in parameter names, showing it escaped', () => {
    expect(osmand({ id: 'A', alarm: 's\u0000s' })).toMatchObject({
      reasons: ['alarm "s\\u0000s" contains a NUL character'],
    });
    expect(osmand({ id: 'A', 'a\u0000b': '1' })).toMatchObject({
      reasons: ['the parameter name "a\\u0000b" contains a NUL character'],
    });
    expect(osmand({ id: 'A', note: 'x\udc00' })).toMatchObject({
      reasons: ['note "x\\udc00" is not valid Unicode text'],
    });
  });

  it('counts a time too far ahead apart from other refusals', () => {
    expect(osmand({ id: 'A', timestamp: String(NOW / 1000 + 3600) })).toMatchObject({
      ok: false,
      kind: 'future_timestamp',
    });
    expect(osmand({ id: 'A', timestamp: String(NOW / 1000 + 3600), lat: 'x' })).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
  });

  it('refuses a Traccar JSON batch of more locations than one request may hold', () => {
    const reports = fromTraccarJson({ device_id: 'A', location: Array.from({ length: 10_001 }, () => ({})) });
    expect(reports).toHaveLength(1);
    expect(readReport(reports[0]!, NOW)).toMatchObject({
      ok: false,
      reasons: ['location holds 10001 locations, more than the 10000 one request may', 'id is missing'],
    });
  });

  it('keeps parameters named like object properties as attributes', () => {
    const read = osmand({ id: 'A', constructor: 'x', toString: '1' });
    expect(read.ok && read.report.attributes).toEqual({ constructor: 'x', toString: 1 });
  });
});
