import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { makeClosure } from '../testing/closures';
import { makeIncident } from '../testing/incidents';
import { closureAlert, sceneAlert } from './alert-rules';
import { CAP_NAMESPACE, capAtomFeed, capDocument, capTime } from './cap';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });
const scene = sceneAlert(
  makeIncident({
    alert_message: 'Police activity <left lane> & shoulder',
    updated_at: '2026-11-29T16:05:02.481Z',
  }),
)!;
const closure = closureAlert(
  makeClosure({ status: 'active', is_active: true, end_time: '2026-11-29T20:00:00.000Z' }),
)!;

describe('a CAP 1.2 document', () => {
  it("has the standard's required elements, in its time form", () => {
    const { alert } = parser.parse(capDocument(scene, 'flare@city.example')) as {
      alert: Record<string, unknown>;
    };
    expect(alert).toMatchObject({
      '@_xmlns': CAP_NAMESPACE,
      sender: 'flare@city.example',
      sent: '2026-11-29T16:05:02-00:00',
      status: 'Actual',
      msgType: 'Alert',
      scope: 'Public',
      info: {
        category: 'Safety',
        event: 'Emergency scene',
        urgency: 'Immediate',
        severity: 'Severe',
        certainty: 'Observed',
        headline: 'Police activity <left lane> & shoulder',
        area: { areaDesc: 'Emergency scene' },
      },
    });
    expect(alert.identifier).toMatch(/^flare\.incident\.[0-9a-f-]+\.\d+$/);
    expect(capTime('2026-11-29T16:05:02.999Z')).toBe('2026-11-29T16:05:02-00:00');
  });

  it('escapes what the message says', () => {
    expect(capDocument(scene, 'flare@city.example')).toContain(
      'Police activity &lt;left lane&gt; &amp; shoulder',
    );
  });

  it('draws a point as a circle of its reach around it, a line as a closed polygon around it', () => {
    const point = parser.parse(capDocument(scene, 's')) as { alert: { info: { area: { circle: string } } } };
    const [lng, lat] = scene.geometry.coordinates as [number, number];
    expect(point.alert.info.area.circle).toBe(`${lat.toFixed(6)},${lng.toFixed(6)} 0.300`);
    const line = parser.parse(capDocument(closure, 's')) as {
      alert: { info: { expires: string; area: { polygon: string } } };
    };
    const pairs = line.alert.info.area.polygon.split(' ');
    expect(pairs.length).toBeGreaterThanOrEqual(4);
    expect(pairs[0]).toBe(pairs.at(-1));
    for (const pair of pairs) expect(pair).toMatch(/^-?\d+\.\d{6},-?\d+\.\d{6}$/);
    expect(line.alert.info.expires).toBe('2026-11-29T20:00:00-00:00');
  });
});

describe('the Atom feed of the active alerts', () => {
  it('carries each alert as an entry with its CAP document and address', () => {
    const text = capAtomFeed([scene, closure], {
      sender: 'flare@city.example',
      feedUrl: 'https://city.example/api/alerts/cap',
      alertUrl: (alert) => `https://city.example/api/alerts/${alert.id}/cap`,
      now: '2026-11-29T16:06:00.000Z',
    });
    const { feed } = parser.parse(text) as {
      feed: { entry: Array<{ link: { '@_href': string }; content: { alert: { info: { event: string } } } }> };
    };
    expect(feed.entry.map((entry) => entry.content.alert.info.event)).toEqual([
      'Emergency scene',
      'Road closed',
    ]);
    expect(feed.entry[1]!.link['@_href']).toBe(`https://city.example/api/alerts/${closure.id}/cap`);
  });
});
