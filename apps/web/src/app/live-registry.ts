/** The features that follow the live feed (app/features.ts), registered with the live socket. */
import { LiveRegistry } from '../live/live-registry';
import { FEATURES } from './features';

export const liveRegistry = new LiveRegistry();
for (const feature of FEATURES) feature.live?.registerWith(liveRegistry);
