/** Device reports for browser tests, sent to a server's OsmAnd listener as Traccar Client sends them. */
import { expect } from 'vitest';

export async function sendOsmandReport(
  osmandPort: number,
  deviceId: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const query = new URLSearchParams({
    id: deviceId,
    lat: '39.7817',
    lon: '-89.6501',
    timestamp: String(Math.floor(Date.now() / 1000)),
    speed: '0',
    ...extra,
  });
  const response = await fetch(`http://127.0.0.1:${osmandPort}/?${query}`, { method: 'POST' });
  expect(response.status).toBe(200);
}
