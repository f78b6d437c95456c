import { describe, expect, it } from 'vitest';
import { importWzdxFeed } from './road-event-import';
import { wzdxWorkZoneFeed, type PublishedClosure } from './work-zone-feed';

const event = (id: string, patch: Record<string, unknown> = {}, core: Record<string, unknown> = {}) => ({
  id,
  type: 'Feature',
  properties: {
    core_details: {
      event_type: 'work-zone',
      data_source_id: 'x',
      road_names: ['US-36', 'Main St'],
      direction: 'westbound',
      ...core,
    },
    start_date: '2026-11-25T10:00:00Z',
    end_date: '2026-11-25T18:00:00Z',
    ...patch,
  },
  geometry: {
    type: 'MultiPoint',
    coordinates: [
      [-89.6, 39.7, 180],
      [-89.59, 39.71, 181],
    ],
  },
});
const feed = (features: unknown[], version = '4.1') => ({
  feed_info: { version },
  type: 'FeatureCollection',
  features,
});

describe('importWzdxFeed', () => {
  it('reads a road event: direction letter, closed lanes 1 to 9, route from MultiPoint, description from road names', () => {
    const result = importWzdxFeed(
      feed([
        event('e1', {
          lanes: [
            { order: 1, status: 'open' },
            { order: 2, status: 'closed' },
            { lane_number: 3, status: 'merge-left' },
            { order: 12, status: 'closed' },
          ],
          vehicle_impact: 'flagging',
          location_method: 'not-a-method',
        }),
      ]),
    );
    expect(result).toMatchObject({ ok: true, version: '4.1', skipped: {} });
    if (!result.ok) return;
    expect(result.events[0]).toEqual({
      eventId: 'e1',
      description: 'US-36, Main St',
      direction: 'W',
      impactedLanes: [2, 3],
      route: [
        [-89.6, 39.7],
        [-89.59, 39.71],
      ],
      roadNames: ['US-36', 'Main St'],
      streetStart: null,
      streetEnd: null,
      start: new Date('2026-11-25T10:00:00Z'),
      end: new Date('2026-11-25T18:00:00Z'),
      vehicleImpact: 'flagging',
      locationMethod: null,
    });
  });

  it('skips repeated ids, ends before starts and undirected events with reasons, keeping the rest', () => {
    const result = importWzdxFeed(
      feed([
        event('a', {}, { direction: 'unknown', description: 'x'.repeat(150) }),
        event('a'),
        event('b', { end_date: '2026-11-25T09:00:00Z' }),
        event('c', {}, { road_names: [] }),
      ]),
    );
    expect(result.ok && result.events.map((e) => [e.eventId, e.direction, e.description.length])).toEqual([
      ['a', null, 100],
    ]);
    expect(result.ok && result.skipped).toEqual({
      'id: repeated in the feed': 1,
      'end_date: not after start_date': 1,
      'properties.core_details.road_names: Too small: expected array to have >=1 items': 1,
    });
  });

  it('refuses documents that are not feeds of 4.0 to 4.2', () => {
    expect(importWzdxFeed({ type: 'Feature' })).toMatchObject({ ok: false });
    expect(importWzdxFeed(feed([], '4.3'))).toEqual({
      ok: false,
      error: 'Unsupported WZDx version 4.3: 4.0 to 4.2 are read',
    });
  });

  it('reads back what Flare publishes', () => {
    const closure: PublishedClosure = {
      external_id: 'wz-1',
      closure_type: 'manual',
      description: 'Night paving',
      direction: 'E',
      impacted_lanes: [2],
      route: [
        [-89.6, 39.7],
        [-89.5, 39.7],
      ],
      road_names: ['Route 66', 'A St'],
      street_start: 'A St',
      street_end: null,
      is_active: false,
      start_time: new Date('2026-11-26T01:00:00Z'),
      end_time: null,
      location_method: 'sign-method',
      vehicle_impact: 'some-lanes-closed',
      group_id: null,
      created_at: new Date('2026-11-25T00:00:00Z'),
      updated_at: new Date('2026-11-25T00:00:00Z'),
    };
    const published = wzdxWorkZoneFeed(
      { id: 'org', name: 'Org', contactName: null, contactEmail: null },
      [closure],
      new Date('2026-11-25T12:00:00Z'),
    );
    const result = importWzdxFeed(JSON.parse(JSON.stringify(published)));
    expect(result.ok && result.events[0]).toMatchObject({
      eventId: 'wz-1',
      description: 'Night paving',
      direction: 'E',
      impactedLanes: [2],
      roadNames: ['Route 66', 'A St'],
      streetStart: 'A St',
      start: closure.start_time,
      // No end: estimated a day after the later of the start and the feed's time.
      end: new Date('2026-11-27T01:00:00Z'),
    });
  });
});
