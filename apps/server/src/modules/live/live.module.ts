/**
 * The live feed: the `/cable` WebSocket (ActionCable protocol), and the domain events turned into feed
 * messages for the organisations that see them, as each event's definition says.
 */
import fp from 'fastify-plugin';
import type { DomainEventDefinition } from '@flare/core/events/domain-event';
import type { LiveHub } from './live-hub';
import { registerLiveFeed } from './live-feed';
import type { EventBus } from '../../platform/bus/event-bus';
import { EVENTS, type EventName } from '../../platform/bus/events';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

export const liveModule = fp(
  async (app) => {
    const hub = registerLiveFeed(app, {
      events: app.events,
      resolvePrincipal: (token) => app.auth.resolvePrincipal(token),
      canSubscribe: (principal, organizationId) => app.accounts.canSeeOrganization(principal, organizationId),
      sessionOpen: (principal) => app.auth.sessionOpen(principal),
      sessionCheckIntervalMs: app.config.liveSessionCheckMs,
      limits: app.config.liveLimits,
    });
    app.decorate('liveHub', hub);
    // A suspended or deleted user's sockets close at once, on every server.
    await app.events.on('user.sessions-ended', ({ user_id }) => hub.recheckSessionsOf(user_id));
    // The sections' events that make live-feed messages (core events/section-feeds.ts). Each process
    // publishes the messages of its own changes; every process's sockets receive them.
    for (const name of Object.keys(EVENTS) as EventName[]) await relay(app.events, hub, name);
  },
  { name: 'live', dependencies: ['platform', 'auth', 'accounts'] },
);

async function relay(events: EventBus, hub: LiveHub, name: EventName): Promise<void> {
  // The event's payload is the one its definition reads: both come from the same entry.
  const definition: DomainEventDefinition = EVENTS[name];
  if (!definition.live) return;
  await events.on(
    name,
    async (payload) => {
      const deliveries = definition.live!(payload);
      await Promise.all(
        deliveries.map(({ organizationIds, message }) => hub.publish(organizationIds, message)),
      );
    },
    { thisProcessOnly: true },
  );
}
