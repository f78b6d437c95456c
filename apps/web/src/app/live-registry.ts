/** The features that follow the live feed. Registered here because shared code cannot import features. */
import { closuresLiveHandler } from '../features/closures/live/closures-live-handler';
import { locationsLiveHandler } from '../features/events/live/locations-live-handler';
import { exportsLiveHandler } from '../features/exports/live/exports-live-handler';
import { thingsLiveHandler } from '../features/things/live/things-live-handler';
import { LiveRegistry } from '../live/live-registry';

export const liveRegistry = new LiveRegistry();
liveRegistry.register(thingsLiveHandler);
liveRegistry.register(locationsLiveHandler);
liveRegistry.register(closuresLiveHandler);
liveRegistry.register(exportsLiveHandler);
