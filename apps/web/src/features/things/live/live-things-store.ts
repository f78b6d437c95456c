/**
 * The organisation's active assets as the live map and list see them: a keyed store filled from REST
 * pages and changed by live-feed batches; deactivated assets leave it.
 */
import type { ThingLiveMessage } from '@flare/core/live/messages';
import type { Thing } from '@flare/core/schemas/thing';
import {
  createKeyedStore,
  useKeyedItem,
  useKeyedSnapshot,
  type ItemChange,
  type KeyedSnapshot,
} from '../../../live/keyed-store';
import { applyLiveMessage } from './apply-live-message';

export type ThingChange = ItemChange<Thing>;

const store = createKeyedStore<Thing>({
  idOf: (thing) => thing.id,
  merge: (_, thing) => (thing.is_active ? thing : null),
  keep: (thing) => thing.is_active,
});

export const liveThings = {
  ...store,
  /** A batch of live messages, applied in order. */
  apply(messages: ThingLiveMessage[]): void {
    store.change(
      messages.map((message) => [
        message.type === 'thing' ? message.thing.id : message.thing_id,
        (current: Thing | undefined) => applyLiveMessage(current, message),
      ]),
    );
  },
};

export function useLiveThings(): KeyedSnapshot<Thing> {
  return useKeyedSnapshot(store);
}

export function useLiveThing(id: string | undefined): Thing | undefined {
  return useKeyedItem(store, id);
}
