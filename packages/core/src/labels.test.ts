import { describe, expect, it } from 'vitest';
import { defaultRespondersType, isResponderOrganizationType } from './labels';

describe('responder organisation types', () => {
  it('are fire, police, ambulance and emergency response', () => {
    for (const type of ['fire', 'police', 'ambulance', 'emergency_response'])
      expect(isResponderOrganizationType(type)).toBe(true);
    for (const type of ['tow', 'road_works', 'maintenance', 'waste', 'acs', 'general', 'Police'])
      expect(isResponderOrganizationType(type)).toBe(false);
  });

  it("give a new organisation's default responders type", () => {
    expect(defaultRespondersType('fire')).toBe('all');
    expect(defaultRespondersType('tow')).toBe('none');
  });
});
