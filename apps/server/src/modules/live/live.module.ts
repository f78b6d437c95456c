/**
 * The live feed: the `/cable` WebSocket (ActionCable protocol) and the handlers that turn domain
 * events into feed messages for the organisations that see them.
 */
import fp from 'fastify-plugin';
import type { LiveHub } from './live-hub';
import { registerLiveFeed } from './live-feed';
import { closureMessage, exportMessage, locationMessage, stateMessage, thingMessage } from './live-messages';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

export const liveModule = fp(
  async (app) => {
    const hub = await registerLiveFeed(app, {
      events: app.events,
      resolvePrincipal: (token) => app.auth.resolvePrincipal(token),
      canSubscribe: (principal, organizationId) => app.accounts.canSeeOrganization(principal, organizationId),
      sessionOpen: (principal) => app.auth.sessionOpen(principal),
      sessionCheckIntervalMs: app.config.liveSessionCheckMs,
      limits: app.config.liveLimits,
    });
    app.decorate('liveHub', hub);
    await app.events.on('thing.states-changed', async ({ states }) => {
      await Promise.all(states.map((state) => hub.publish(state.organization_ids, stateMessage(state))));
    });
    // A suspended or deleted user's sockets close at once, on every server.
    await app.events.on('user.sessions-ended', ({ user_id }) => hub.recheckSessionsOf(user_id));
    // Each process publishes the messages of its own changes; every process's sockets receive them.
    await app.events.on(
      'thing.changed',
      (change) => hub.publish(change.organization_ids, thingMessage(change)),
      {
        thisProcessOnly: true,
      },
    );
    await app.events.on(
      'incident.changed',
      (change) => hub.publish(change.organization_ids, locationMessage(change)),
      { thisProcessOnly: true },
    );
    // Those who see the organisation see its closures (other organisations' only platform administrators).
    await app.events.on(
      'closure.changed',
      (change) => hub.publish([change.organization_id], closureMessage(change)),
      { thisProcessOnly: true },
    );
    // Exports go to those who may see the organisation's exports (core's LIVE_MESSAGE_ACCESS).
    await app.events.on(
      'export.changed',
      (change) => hub.publish([change.organization_id], exportMessage(change)),
      { thisProcessOnly: true },
    );
  },
  { name: 'live', dependencies: ['platform', 'auth', 'accounts'] },
);
