import { describe, expect, it } from 'vitest';
import { nicknameTakenMessage, nicknameTakenReason } from '../schemas/thing';
import { createThingErrorMessage, thingsLoadErrorMessage, thingUpdateErrorMessage } from './thing-errors';

describe('profile and association update errors', () => {
  it.each([
    [0, undefined, 'Connection failed'],
    [0, 'Connection failed.', 'Connection failed'],
    [422, 'Asset not found', 'Asset not found'],
    [422, 'Organization not found', 'Asset not found'],
    [
      422,
      'Asset nickname cannot be updated: another asset is called "Unit 7"',
      'Asset nickname cannot be updated',
    ],
    [422, 'Nickname is locked by an integration', 'Asset nickname cannot be updated'],
    [
      422,
      'An emergency asset can only have an emergency type',
      'An emergency asset can only have an emergency type',
    ],
    [422, '', 'Unknown failure'],
    [422, undefined, 'Unknown failure'],
    [500, 'Internal Server Error', 'Unknown failure'],
    [403, 'User does not have required permissions', 'Unknown failure'],
    [400, 'body/nickname Required', 'Unknown failure'],
  ])('%i "%s" shows "%s"', (status, message, shown) => {
    expect(thingUpdateErrorMessage(status, message)).toBe(shown);
  });

  it('checks "found" before "nickname"', () => {
    expect(thingUpdateErrorMessage(422, 'nickname not found')).toBe('Asset not found');
  });
});

describe('a nickname another asset has', () => {
  it('is refused with the reason, which the field shows as a sentence', () => {
    const refusal = `Asset nickname cannot be updated: ${nicknameTakenReason('Patrol 103')}`;
    expect(thingUpdateErrorMessage(422, refusal)).toBe('Asset nickname cannot be updated');
    expect(nicknameTakenMessage('Patrol 103')).toBe(
      'Another asset of the organization is called "Patrol 103"',
    );
  });
});

describe('registration errors', () => {
  it.each([
    [0, undefined, 'Connection failed'],
    [422, 'Device id "X" is already registered', 'Device id "X" is already registered'],
    [422, '', 'Unknown failure'],
    [403, 'User does not have required permissions', 'Unknown failure'],
    [500, 'boom', 'Unknown failure'],
  ])('%i "%s" shows "%s"', (status, message, shown) => {
    expect(createThingErrorMessage(status, message)).toBe(shown);
  });
});

describe('assets load errors', () => {
  it.each([
    [0, 'Connection failed'],
    [404, 'Organization not found'],
    [500, 'Unknown failure'],
    [503, 'Unknown failure'],
    [403, 'Unknown failure'],
  ])('%i shows "%s"', (status, shown) => {
    expect(thingsLoadErrorMessage(status)).toBe(shown);
  });
});
