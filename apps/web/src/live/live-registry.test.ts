import { describe, expect, it } from 'vitest';
import { recordingHandler } from '../testing/live-handlers';
import { makeHeartbeat, makePoint } from '@flare/core/testing/live-messages';
import { makeThing } from '@flare/core/testing/things';
import { LiveRegistry } from './live-registry';

const context = { organizationId: 'org-1', polling: false };

describe('live handler registry', () => {
  it('starts every registered handler with the organisation and whether it polls', () => {
    const registry = new LiveRegistry();
    const things = recordingHandler(['point']);
    const closures = recordingHandler(['thing']);
    registry.register(things.handler);
    registry.register(closures.handler);
    registry.start({ organizationId: 'org-2', polling: true }, []);
    expect(things.log.started).toEqual([{ organizationId: 'org-2', polling: true }]);
    expect(closures.log.started).toEqual([{ organizationId: 'org-2', polling: true }]);
  });

  it('starts a handler that needs an access only for users who hold it', () => {
    const registry = new LiveRegistry();
    const events = recordingHandler(['location']);
    registry.register({ ...events.handler, access: 'viewIncidents' });
    registry.start(context, ['thing:read']);
    expect(events.log.started).toEqual([]);
    registry.start(context, ['incident:read']);
    expect(events.log.started).toEqual([context]);
  });

  it('hands each handler the messages of its types, in arrival order, one batch per flush', () => {
    const registry = new LiveRegistry();
    const positions = recordingHandler(['point', 'heartbeat']);
    const records = recordingHandler(['thing']);
    registry.register(positions.handler);
    registry.register(records.handler);
    const sessions = registry.start(context, []);
    const thing = makeThing();
    const batch = [makeHeartbeat('a'), { type: 'thing' as const, thing }, makePoint('b'), makePoint('a')];
    sessions.dispatch(batch);
    expect(positions.log.batches).toEqual([[batch[0], batch[2], batch[3]]]);
    expect(records.log.batches).toEqual([[batch[1]]]);
  });

  it('ignores types no handler registered for, and calls no handler with an empty batch', () => {
    const registry = new LiveRegistry();
    const records = recordingHandler(['thing']);
    registry.register(records.handler);
    const sessions = registry.start(context, []);
    expect(() => sessions.dispatch([makePoint('a'), makeHeartbeat('a')])).not.toThrow();
    expect(records.log.batches).toEqual([]);
  });

  it('tells every session to catch up, to switch organisation and to stop', () => {
    const registry = new LiveRegistry();
    const first = recordingHandler(['point']);
    const second = recordingHandler(['thing']);
    registry.register(first.handler);
    registry.register(second.handler);
    const sessions = registry.start(context, []);
    sessions.catchUp();
    sessions.setOrganization('org-2');
    sessions.stop();
    for (const { log } of [first, second]) {
      expect(log.calls).toEqual(['catchUp', 'setOrganization org-2', 'stop']);
    }
  });
});
