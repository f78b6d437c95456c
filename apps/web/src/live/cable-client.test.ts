import { describe, expect, it } from 'vitest';
import { backoffMs, channelIdentifier } from './cable-client';

describe('live feed client', () => {
  it('backs off from 1 s, doubling, to at most 10 s', () => {
    expect([1, 2, 3, 4, 5, 10].map((attempt) => backoffMs(attempt))).toEqual([
      1000, 2000, 4000, 8000, 10000, 10000,
    ]);
  });

  it('subscribes to the organisation on EventsChannel', () => {
    expect(JSON.parse(channelIdentifier('org-1'))).toEqual({
      channel: 'EventsChannel',
      organization_id: 'org-1',
    });
  });
});
