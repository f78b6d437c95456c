/** The motorist alerts API: the active alerts of the caller's organisations, and a partner's stream of their changes. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlertIdSchema,
  AlertPartnersSchema,
  AlertReachSchema,
  AlertStreamQuerySchema,
  AlertsQuerySchema,
  AlertsSchema,
  VEHICLE_ALERTS_PROTOCOL,
} from '@flare/core/schemas/alert';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { AlertStreams } from './alert-streams';
import { recipientOf } from './alert-deliveries';
import type { VehicleAlerts } from './vehicle-alerts';
import type { AlertsService } from './alerts.service';

const errors = errorResponses(400, 401, 403, 404, 429);

export function registerAlertsRoutes(
  app: FastifyInstance,
  service: AlertsService,
  streams: AlertStreams,
  vehicles: VehicleAlerts,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/alerts',
    {
      config: { access: 'viewAlerts', apiKey: true },
      schema: {
        tags: ['alerts'],
        summary:
          'Active motorist alerts of the given organisations (default: your own; an API key needs the alerts:read scope and reads its own): responders approaching, scenes, wrong-way-driver zones, closures, work zones and hazards, most urgent first; `bbox=west,south,east,north` keeps those any part of which lies in it',
        security: BEARER,
        querystring: AlertsQuerySchema,
        response: { 200: AlertsSchema, ...errors },
      },
    },
    (request) => service.list(principalOf(request), request.query),
  );

  api.get(
    '/alerts/stream',
    {
      config: { access: 'viewAlerts', apiKey: true },
      schema: {
        tags: ['alerts'],
        summary:
          "A stream (Server-Sent Events) of the organisations' alert changes in the regions given (`bbox`, repeated; none: everywhere): `alerts.snapshot` with the active alerts, then `alert.created`, `alert.updated` and `alert.ended`, each with its id; send `Last-Event-ID` (or `last_event_id`) to resume after a disconnect (changes are kept two hours; older, the snapshot comes again with `reset: true`)",
        security: BEARER,
        querystring: AlertStreamQuerySchema,
        headers: z.object({ 'last-event-id': z.string().max(20).optional() }),
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      },
    },
    async (request, reply) => {
      const choice = await service.streamChoice(
        principalOf(request),
        request.query,
        request.headers['last-event-id'],
      );
      reply.hijack();
      await streams.serve(reply.raw, choice);
    },
  );

  api.get(
    '/alerts/cap',
    {
      config: { access: 'viewAlerts', apiKey: true },
      schema: {
        tags: ['alerts'],
        summary:
          'The active alerts of the list (same organisations and `bbox`) as an Atom feed (application/atom+xml) whose entries carry their CAP 1.2 documents',
        security: BEARER,
        querystring: AlertsQuerySchema,
        response: { 200: z.string().describe('application/atom+xml'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('application/atom+xml; charset=utf-8')
        .send(await service.capFeed(principalOf(request), request.query)),
  );

  api.get(
    '/alerts/partners',
    {
      config: { access: 'viewApiKeys' },
      schema: {
        tags: ['alerts'],
        summary:
          "For the organisation's admins: the partners whose streams or vehicle connections are open now, and the alerts delivered on each of the last 30 days (first reaching a partner's stream, or coming to concern a vehicle)",
        security: BEARER,
        querystring: z.object({ 'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional() }),
        response: { 200: AlertPartnersSchema, ...errors },
      },
    },
    (request) => service.partners(principalOf(request), request.query['org_ids[]']),
  );

  api.get(
    '/alerts/:id/reach',
    {
      config: { access: 'viewAlerts' },
      schema: {
        tags: ['alerts'],
        summary:
          'How widely an alert (`incident:…`, `closure:…`, …) went out: the partners it reached and the vehicles it came to concern, while it is active and after',
        security: BEARER,
        params: z.object({ id: AlertIdSchema }),
        response: { 200: AlertReachSchema, ...errors },
      },
    },
    (request) => service.reach(principalOf(request), request.params.id),
  );

  api.get(
    '/alerts/:id/cap',
    {
      config: { access: 'viewAlerts', apiKey: true },
      schema: {
        tags: ['alerts'],
        summary:
          'An active alert (`incident:…`, `closure:…`, …) as a CAP 1.2 document (application/cap+xml); 404 "Alert not found" once it has ended',
        security: BEARER,
        params: z.object({ id: AlertIdSchema }),
        response: { 200: z.string().describe('application/cap+xml'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('application/cap+xml; charset=utf-8')
        .send(await service.cap(principalOf(request), request.params.id)),
  );

  // A WebSocket (docs/motorist-alerts.md): not in the HTTP API's description, which the walks call.
  app.websocketProtocols.set(`${app.prefix}/alerts/vehicles`, (offered) =>
    offered.has(VEHICLE_ALERTS_PROTOCOL) ? VEHICLE_ALERTS_PROTOCOL : false,
  );
  api.get(
    '/alerts/vehicles',
    {
      websocket: true,
      config: { access: 'viewAlerts', apiKey: true },
      schema: {
        hide: true,
        querystring: z.object({ 'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional() }),
      },
    },
    (socket, request) =>
      void vehicles.connect(
        socket,
        service.vehicleScope(principalOf(request), request.query['org_ids[]']),
        recipientOf(principalOf(request)),
      ),
  );
}
