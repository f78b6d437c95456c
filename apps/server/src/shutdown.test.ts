import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { buildOsmandServer } from './modules/telemetry/osmand-server';
import { stopServers } from './shutdown';

describe('stopping the server', () => {
  it('closes the OsmAnd listener before the app drains telemetry and closes the database', async () => {
    const t = await createTestApp({ STATUS_SWEEP_MS: '0' });
    const osmand = await buildOsmandServer(t.app.ingest, t.app.log, {
      ipRequestsPerMinute: t.app.config.ingestIpRequestsPerMinute,
    });
    await osmand.listen({ port: 0, host: '127.0.0.1' });
    const address = osmand.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const report = await fetch(`${url}/?id=SPD-CAR-101&lat=39.7&lon=-89.6&timestamp=${Date.now()}`, {
      method: 'POST',
    });
    expect(report.status).toBe(200);

    let osmandListeningWhenAppCloses: boolean | null = null;
    t.app.addHook('onClose', (_instance, done) => {
      osmandListeningWhenAppCloses = osmand.server.listening;
      done();
    });
    await stopServers(osmand, t);
    expect(osmandListeningWhenAppCloses).toBe(false);
  });

  it('closes the listeners one after another, app last', async () => {
    const order: string[] = [];
    let finishOsmand!: () => void;
    const osmandClosed = new Promise<void>((resolve) => (finishOsmand = resolve));
    const closable = (name: string, closed: Promise<void>) => ({
      close: async () => {
        order.push(`${name} closing`);
        await closed;
        order.push(`${name} closed`);
      },
    });
    const stopping = stopServers(closable('osmand', osmandClosed), closable('app', Promise.resolve()));
    // The OsmAnd listener takes its time (a turn of the event loop here); the app waits for it.
    await new Promise((resolve) => setImmediate(resolve));
    finishOsmand();
    await stopping;
    expect(order).toEqual(['osmand closing', 'osmand closed', 'app closing', 'app closed']);
  });
});
