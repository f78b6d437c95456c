import { describe, expect, it } from 'vitest';
import { readReport } from './report';
import { fromTraccarForward } from './traccar-forward';

const NOW = Date.UTC(2026, 10, 27, 16);
const position = {
  id: 1,
  attributes: { batteryLevel: 64, charge: true, ignition: true, odometer: 5000, alarm: 'powerCut' },
  deviceId: 3,
  protocol: 'gt06',
  fixTime: '2026-11-27T15:59:30.000+00:00',
  valid: true,
  latitude: 39.78,
  longitude: -89.65,
  altitude: 180,
  speed: 10,
  course: 370,
  accuracy: 0,
  address: null,
};
const device = { id: 3, uniqueId: 'IMEI-1', name: 'Unit' };
const read = (body: unknown, credential: string | null = null) => {
  const raw = fromTraccarForward(body, credential);
  return raw && readReport(raw, NOW);
};

describe('fromTraccarForward', () => {
  it("maps a forwarded position's fields and keeps the other attributes", () => {
    expect(read({ position, device })).toEqual({
      ok: true,
      report: expect.objectContaining({
        deviceId: 'IMEI-1',
        recordedAt: Date.UTC(2026, 10, 27, 15, 59, 30),
        position: { lat: 39.78, lng: -89.65 },
        valid: true,
        speed: expect.closeTo(5.14444, 4),
        course: 10,
        altitude: 180,
        accuracy: null,
        battery: 64,
        charging: true,
        alarm: 'powerCut',
        attributes: { ignition: true, odometer: 5000, protocol: 'gt06' },
      }),
    });
  });

  it('names the device by the credential of the forwarding URL when there is one', () => {
    const result = read({ position, device }, 'cred-123');
    expect(result?.ok && result.report.deviceId).toBe('cred-123');
  });

  it("adds an event's meaning to its position's report", () => {
    const alarm = read({ event: { type: 'alarm', attributes: { alarm: 'sos' } }, position, device });
    expect(alarm?.ok && [alarm.report.alarm, alarm.report.attributes?.event]).toEqual(['sos', 'alarm']);
    const off = read({ event: { type: 'ignitionOff', attributes: {} }, position, device });
    expect(off?.ok && off.report.attributes).toMatchObject({ ignition: false, event: 'ignitionOff' });
    const stopped = read({ event: { type: 'deviceStopped' }, position, device });
    expect(stopped?.ok && stopped.report.attributes).toMatchObject({ motion: false, event: 'deviceStopped' });
  });

  it('makes no report of an event without a position', () => {
    expect(fromTraccarForward({ event: { type: 'deviceOffline' }, device })).toBeNull();
  });

  it('refuses what is not a forwarded position or event, saying why', () => {
    expect(read('x')).toMatchObject({
      ok: false,
      reasons: expect.arrayContaining([expect.stringContaining('is not a forwarded position or event')]),
    });
    expect(read({ device })).toMatchObject({
      ok: false,
      reasons: expect.arrayContaining(['position is missing']),
    });
    expect(read({ position })).toMatchObject({ ok: false, reasons: ['device.uniqueId is missing'] });
    expect(read({ position: [], device })).toMatchObject({
      ok: false,
      reasons: expect.arrayContaining(['position [] is not a position object']),
    });
    expect(read({ event: 'alarm', position, device })).toMatchObject({
      ok: false,
      reasons: expect.arrayContaining(['event "alarm" is not an event object']),
    });
  });
});
