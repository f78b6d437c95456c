import { describe, expect, it } from 'vitest';
import { reachText } from './alert-reach-field';

const reach = (partners: number, vehicles: number, active: boolean) => ({
  alert_id: 'incident:x',
  partners,
  vehicles,
  active,
});

describe('how an alert went out', () => {
  it('reads whether it was sent and how widely', () => {
    expect(reachText(reach(0, 0, true))).toBe('Active: no partner has received it yet');
    expect(reachText(reach(0, 0, false))).toBe('Not sent to any partner');
    expect(reachText(reach(1, 0, true))).toBe('Active: sent to 1 partner');
    expect(reachText(reach(2, 134, false))).toBe('Sent to 2 partners, 134 vehicles warned');
    expect(reachText(reach(1, 1, true))).toBe('Active: sent to 1 partner, 1 vehicle warned');
  });
});
