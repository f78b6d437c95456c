import { makeThing } from '@flare/core/testing/things';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './event-bus';
import { InProcessBus } from './in-process-bus';

const buses: InProcessBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

function logger() {
  const lines: Array<{ level: string; message: string }> = [];
  const log = (level: string) => (_context: unknown, message?: string) =>
    void lines.push({ level, message: message ?? '' });
  return { lines, log: { error: log('error'), warn: log('warn') } };
}

/** Two server processes' event buses on one message bus. */
function twoProcesses() {
  const bus = new InProcessBus();
  buses.push(bus);
  const logs = logger();
  return { bus, logs, here: new EventBus(bus, logs.log), there: new EventBus(bus, logs.log) };
}

/**
 * Returns once whatever `from` put on the bus before has reached `to`'s handlers: a marker event
 * (of a kind no test here watches) emitted after it has reached `to`. The in-process bus delivers
 * each message in a deferred turn of its own, in publish order whatever the topic (bus.test.ts), and
 * a handler runs as its event arrives.
 */
async function busDrained(from: EventBus, to: EventBus): Promise<void> {
  const marker = { user_id: `marker-${Math.random()}` };
  let arrived = false;
  const stop = await to.on('user.sessions-ended', ({ user_id }) => {
    if (user_id === marker.user_id) arrived = true;
  });
  await from.emit('user.sessions-ended', marker);
  await expect.poll(() => arrived).toBe(true);
  await stop();
}
const changed = () => {
  const thing = makeThing();
  return { thing, organization_ids: [thing.organization.id], device_ids: [thing.haas_id] };
};
const states = { cause: 'time' as const, states: [] };

describe('typed domain events', () => {
  it("hands an event to this process's handlers, never inline, and resolves once they ran", async () => {
    const { here } = twoProcesses();
    const seen: string[] = [];
    await here.on('thing.states-changed', (event) => void seen.push(event.cause));
    const emitted = here.emit('thing.states-changed', states);
    expect(seen).toEqual([]);
    await emitted;
    expect(seen).toEqual(['time']);
  });

  it('keeps events that are not shared in their process', async () => {
    const { here, there } = twoProcesses();
    const seen: unknown[] = [];
    await there.on('thing.states-changed', (event) => void seen.push(event));
    await here.emit('thing.states-changed', states);
    await busDrained(here, there);
    expect(seen).toEqual([]);
  });

  it('delivers shared events once to each process, the emitting one included', async () => {
    const { here, there } = twoProcesses();
    const mine: unknown[] = [];
    const theirs: unknown[] = [];
    await here.on('thing.changed', (event) => void mine.push(event.thing.id));
    await there.on('thing.changed', (event) => void theirs.push(event.thing.id));
    const event = changed();
    await here.emit('thing.changed', event);
    // One bus message reaches every subscriber at once: `here`'s own copy (dropped) came too.
    await busDrained(here, there);
    expect(mine).toEqual([event.thing.id]);
    expect(theirs).toEqual([event.thing.id]);
  });

  it("lets a handler take only its own process's events", async () => {
    const { here, there } = twoProcesses();
    const seen: unknown[] = [];
    await there.on('thing.changed', (event) => void seen.push(event), { thisProcessOnly: true });
    await here.emit('thing.changed', changed());
    await busDrained(here, there);
    expect(seen).toEqual([]);
  });

  it('delivers keyed events to the handlers of that key only', async () => {
    const { here, there } = twoProcesses();
    const a: unknown[] = [];
    const b: unknown[] = [];
    await there.on('org.live', (message) => void a.push(message.type), { key: 'org-a' });
    await there.on('org.live', (message) => void b.push(message.type), { key: 'org-b' });
    const thing = makeThing();
    await here.emit('org.live', { type: 'thing', thing }, 'org-a');
    await busDrained(here, there);
    expect([a, b]).toEqual([['thing'], []]);
    await expect(here.emit('org.live', { type: 'thing', thing })).rejects.toThrow(/needs key/);
    await expect(here.emit('org.live', { type: 'thing', thing }, 'org.a')).rejects.toThrow(/invalid key/);
  });

  it('checks what other processes send against the schema and drops what fails', async () => {
    const { bus, there, logs } = twoProcesses();
    const seen: unknown[] = [];
    await there.on('thing.changed', (event) => void seen.push(event));
    await bus.publish('thing.changed', { origin: 'elsewhere', payload: { thing: { id: 1 } } });
    await busDrained(new EventBus(bus, logs.log), there);
    expect(seen).toEqual([]);
    expect(logs.lines).toContainEqual({ level: 'warn', message: 'dropped an invalid event' });
  });

  it('logs a failing handler without stopping the others', async () => {
    const { here, logs } = twoProcesses();
    const seen: unknown[] = [];
    await here.on('thing.states-changed', () => {
      throw new Error('on purpose');
    });
    await here.on('thing.states-changed', () => Promise.reject(new Error('on purpose too')));
    await here.on('thing.states-changed', (event) => void seen.push(event));
    await here.emit('thing.states-changed', states);
    expect(seen).toHaveLength(1);
    expect(logs.lines.filter((line) => line.message === 'event handler failed')).toHaveLength(2);
  });

  it('stops a handler', async () => {
    const { here, there } = twoProcesses();
    const seen: unknown[] = [];
    const stop = await there.on('thing.changed', (event) => void seen.push(event));
    await stop();
    await here.emit('thing.changed', changed());
    await there.emit('thing.changed', changed());
    await busDrained(here, there);
    expect(seen).toEqual([]);
  });
});
