import { afterEach, describe, expect, it } from 'vitest';
import { connect } from 'nats';
import type { Bus } from './bus';
import { createBus } from './create-bus';
import { topicMatches } from './topics';
import { InProcessBus } from './in-process-bus';
import { NatsBus } from './nats-bus';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * Whether a NATS server answers within 10 s (one that is not there refuses at once; a short limit would
 * skip the tests on a loaded machine); the NATS tests are skipped (with a note) when not.
 */
async function natsAnswers(url: string): Promise<boolean> {
  try {
    const probe = await connect({ servers: url, timeout: 10_000, reconnect: false });
    await probe.close();
    return true;
  } catch {
    return false;
  }
}
const natsAvailable = await natsAnswers(NATS_URL);
if (!natsAvailable)
  console.warn(`NATS bus tests skipped: no NATS server answered at ${NATS_URL} within 10 s`);

/** Collects what a handler receives, and waits for a count of messages. */
function collector() {
  const received: unknown[] = [];
  const waiters: Array<() => void> = [];
  return {
    received,
    handler: (message: unknown) => {
      received.push(message);
      waiters.splice(0).forEach((wake) => wake());
    },
    async until(count: number, timeoutMs = 10_000): Promise<unknown[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`got ${received.length} of ${count} messages`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
  };
}

/** Topics unique per test, so NATS tests sharing a server never see each other's messages. */
let run = 0;
const prefix = () => `test${process.pid}x${Date.now()}x${++run}`;

function busContract(name: string, makeBus: () => Promise<Bus>) {
  describe(`${name} bus contract`, () => {
    const buses: Bus[] = [];
    const open = async () => {
      const bus = await makeBus();
      buses.push(bus);
      return bus;
    };
    afterEach(async () => {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });

    it('delivers a published message as JSON to a subscriber of its topic', async () => {
      const bus = await open();
      const p = prefix();
      const c = collector();
      await bus.subscribe(`${p}.live.org.a`, c.handler);
      const sent = { type: 'heartbeat', at: new Date('2026-01-02T03:04:05Z'), n: 1 };
      await bus.publish(`${p}.live.org.a`, sent);
      expect(await c.until(1)).toEqual([{ type: 'heartbeat', at: '2026-01-02T03:04:05.000Z', n: 1 }]);
      expect(c.received[0]).not.toBe(sent);
    });

    it('delivers asynchronously and in publish order', async () => {
      const bus = await open();
      const p = prefix();
      const c = collector();
      await bus.subscribe(`${p}.t`, c.handler);
      for (let n = 0; n < 20; n++) await bus.publish(`${p}.t`, n);
      expect(c.received).toEqual([]);
      expect(await c.until(20)).toEqual([...Array(20).keys()]);
    });

    it('matches `*` to exactly one token and a trailing `>` to one or more', async () => {
      const bus = await open();
      const p = prefix();
      const star = collector();
      const rest = collector();
      await bus.subscribe(`${p}.live.org.*`, star.handler);
      await bus.subscribe(`${p}.live.>`, rest.handler);
      await bus.publish(`${p}.live.org.a`, 'a');
      await bus.publish(`${p}.live.org.b`, 'b');
      await bus.publish(`${p}.live.org.b.extra`, 'deeper');
      await bus.publish(`${p}.live.org`, 'shallower');
      await bus.publish(`${p}.live`, 'too short for both');
      await bus.publish(`${p}.other.org.a`, 'elsewhere');
      // A marker both patterns match, published last: a bus delivers in publish order (tested
      // above), so once both have it, anything else published before has come.
      await bus.publish(`${p}.live.org.z`, 'marker');
      await Promise.all([star.until(3), rest.until(5)]);
      expect(star.received).toEqual(['a', 'b', 'marker']);
      expect(rest.received).toEqual(['a', 'b', 'deeper', 'shallower', 'marker']);
    });

    it('delivers to every subscriber, and a throwing handler does not stop the others', async () => {
      const bus = await open();
      const p = prefix();
      const c = collector();
      await bus.subscribe(`${p}.t`, () => {
        throw new Error('expected by the test');
      });
      await bus.subscribe(`${p}.t`, c.handler);
      await bus.publish(`${p}.t`, 1);
      await bus.publish(`${p}.t`, 2);
      expect(await c.until(2)).toEqual([1, 2]);
    });

    it('stops delivering after unsubscribe', async () => {
      const bus = await open();
      const p = prefix();
      const kept = collector();
      const dropped = collector();
      await bus.subscribe(`${p}.t`, kept.handler);
      const unsubscribe = await bus.subscribe(`${p}.t`, dropped.handler);
      await bus.publish(`${p}.t`, 1);
      await dropped.until(1);
      await unsubscribe();
      await unsubscribe(); // twice is harmless
      await bus.publish(`${p}.t`, 2);
      // A marker after it, to a subscriber of the same connection and topic: a bus delivers in
      // publish order, so once the marker has come, message 2 would have reached `dropped` too.
      const marker = collector();
      await bus.subscribe(`${p}.t`, marker.handler);
      await bus.publish(`${p}.t`, 'marker');
      await Promise.all([kept.until(3), marker.until(1)]);
      expect(dropped.received).toEqual([1]);
    });

    it('refuses wildcards in published topics and malformed patterns', async () => {
      const bus = await open();
      await expect(bus.publish('live.org.*', 1)).rejects.toThrow(/invalid bus topic/);
      await expect(bus.publish('live..org', 1)).rejects.toThrow(/invalid bus topic/);
      await expect(bus.subscribe('live.>.org', () => {})).rejects.toThrow(/invalid bus subscription/);
    });

    it('after close, delivers nothing and refuses publish and subscribe', async () => {
      const bus = await open();
      const p = prefix();
      const c = collector();
      await bus.subscribe(`${p}.t`, c.handler);
      await bus.close();
      await expect(bus.publish(`${p}.t`, 1)).rejects.toThrow();
      await expect(bus.subscribe(`${p}.t`, () => {})).rejects.toThrow();
      // Nothing was published before the close, and the publish after it was refused: nothing can
      // be on its way.
      expect(c.received).toEqual([]);
      await bus.close(); // twice is harmless
    });
  });
}

busContract('in-process', () => Promise.resolve(new InProcessBus()));

describe('in-process bus', () => {
  it('calls the subscribers of a topic and of patterns matching it in the order they subscribed', async () => {
    const bus = new InProcessBus();
    const calls: string[] = [];
    const done = collector();
    try {
      await bus.subscribe('org.*', () => calls.push('pattern, first'));
      const first = await bus.subscribe('org.a', () => calls.push('topic, first'));
      await bus.subscribe('>', () => calls.push('pattern, second'));
      await bus.subscribe('org.a', () => calls.push('topic, second'));
      await bus.subscribe('org.a', done.handler);
      await bus.publish('org.a', 1);
      await done.until(1);
      expect(calls).toEqual(['pattern, first', 'topic, first', 'pattern, second', 'topic, second']);

      await first();
      await bus.publish('org.a', 2);
      await done.until(2);
      expect(calls.slice(4)).toEqual(['pattern, first', 'pattern, second', 'topic, second']);

      // A topic whose only subscriber left is found again by its next one.
      const only = collector();
      await (
        await bus.subscribe('org.b', only.handler)
      )();
      await bus.subscribe('org.b', only.handler);
      await bus.publish('org.b', 'again');
      expect(await only.until(1)).toEqual(['again']);
    } finally {
      await bus.close();
    }
  });
});

describe.skipIf(!natsAvailable)('NATS', () => {
  busContract('NATS', () => NatsBus.connect(NATS_URL));

  it('carries messages between two connections, as between two server processes', async () => {
    const [a, b] = [await NatsBus.connect(NATS_URL), await NatsBus.connect(NATS_URL)];
    try {
      const p = prefix();
      const c = collector();
      await b.subscribe(`${p}.live.org.*`, c.handler);
      await a.publish(`${p}.live.org.x`, { hello: 'b' });
      expect(await c.until(1)).toEqual([{ hello: 'b' }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('createBus', () => {
  it('gives the in-process bus without a NATS URL', async () => {
    const bus = await createBus({});
    expect(bus).toBeInstanceOf(InProcessBus);
    await bus.close();
  });

  it.skipIf(!natsAvailable)('gives the NATS bus with a NATS URL', async () => {
    const bus = await createBus({ natsUrl: NATS_URL });
    expect(bus).toBeInstanceOf(NatsBus);
    await bus.close();
  });
});

describe('topicMatches', () => {
  it.each([
    ['live.org.*', 'live.org.1', true],
    ['live.org.*', 'live.org', false],
    ['live.org.*', 'live.org.1.2', false],
    ['live.*.1', 'live.org.1', true],
    ['live.>', 'live.org.1', true],
    ['live.>', 'live', false],
    ['live.org.1', 'live.org.1', true],
    ['live.org.1', 'live.org.2', false],
  ])('%s against %s is %s', (pattern, topic, expected) => {
    expect(topicMatches(pattern, topic)).toBe(expected);
  });
});
