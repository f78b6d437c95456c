import { describe, expect, it } from 'vitest';
import { SERVER_STATUSES, type ServerStatus } from '../status/thing-status';
import {
  DEVICE_COMMAND_MESSAGES as M,
  ledBlocker,
  ledResultMessage,
  r2rBlocker,
  type CommandSubject,
} from './device-commands';

const ELIGIBLE: CommandSubject = {
  hardware: 'ha5',
  features: { r2r: true },
  is_responder: true,
  status: 'standby',
};
const R2R = ['thing:invoke_r2r'];
const LED = ['THING_LIGHT_INTENSITY'];

describe('r2rBlocker', () => {
  it('allows HA5 and HA7 hardware, with the permission, R2R enabled on a responder, standby or stationary', () => {
    expect(r2rBlocker(ELIGIBLE, R2R)).toBeNull();
    expect(
      r2rBlocker({ ...ELIGIBLE, hardware: 'ha7', status: 'stationary' }, ['THING_INVOKE_R2R']),
    ).toBeNull();
  });

  it('names the first reason in the order hardware, authorisation, R2R enabled, status', () => {
    expect(r2rBlocker({ ...ELIGIBLE, hardware: null, status: 'offline' }, [])).toBe(M.hardware);
    expect(r2rBlocker({ ...ELIGIBLE, status: 'offline' }, ['thing:manage'])).toBe(M.notAuthorized);
    expect(r2rBlocker({ ...ELIGIBLE, features: { r2r: false } }, R2R)).toBe(M.r2rNotEnabled);
    expect(r2rBlocker({ ...ELIGIBLE, is_responder: false }, R2R)).toBe(M.r2rNotEnabled);
  });

  it('takes standby and stationary only', () => {
    const allowed = SERVER_STATUSES.filter((status) => r2rBlocker({ ...ELIGIBLE, status }, R2R) === null);
    expect(allowed).toEqual<ServerStatus[]>(['standby', 'stationary']);
  });
});

describe('ledBlocker', () => {
  it('needs command hardware and the light-intensity permission', () => {
    expect(ledBlocker({ ...ELIGIBLE, hardware: null }, LED)).toBe(M.hardware);
    expect(ledBlocker(ELIGIBLE, R2R)).toBe(M.notAuthorized);
    expect(ledBlocker({ ...ELIGIBLE, features: { r2r: false }, is_responder: false }, LED)).toBeNull();
  });

  it('takes a status at or below stationary in the status order', () => {
    const allowed = SERVER_STATUSES.filter((status) => ledBlocker({ ...ELIGIBLE, status }, LED) === null);
    expect(allowed).toEqual<ServerStatus[]>(['active_location', 'active', 'standby', 'stationary']);
  });
});

describe('ledResultMessage', () => {
  it('words each answer', () => {
    expect(ledResultMessage(null)).toBe('Update was successful');
    expect(ledResultMessage(0)).toBe('Connection failed');
    expect(ledResultMessage(404)).toBe('Asset not found');
    expect(ledResultMessage(422, 'Timed out waiting for the device')).toBe('Request timed out');
    expect(ledResultMessage(422, 'Device refused the command')).toBe('Something went wrong');
    expect(ledResultMessage(500)).toBe('Unknown failure');
  });
});
