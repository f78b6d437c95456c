import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcknowledgeAlarmQuerySchema,
  CreateThingInputSchema,
  COVERAGE_CACHE_SECONDS,
  ThingCoverageSchema,
  ThingSchema,
  ThingsCountSchema,
  ThingsPageSchema,
  ThingsQuerySchema,
  UpdateAssociationsInputSchema,
  UpdateThingInputSchema,
} from '@flare/core/schemas/thing';
import { ApiErrorSchema } from '@flare/core/schemas/common';
import {
  DeviceCredentialStateSchema,
  IssuedDeviceCredentialSchema,
  UpdateDeviceCredentialInputSchema,
} from '@flare/core/things/device-credential';
import {
  DeviceConfigurationSchema,
  UpdateDeviceConfigurationInputSchema,
} from '@flare/core/things/device-configuration';
import { principalOf } from '../../platform/auth-hook';
import type { ThingsService } from './things.service';
import { BEARER, errorResponses } from '../../platform/api-docs';

const errors = errorResponses(400, 401, 403, 404, 422);
const IdParams = z.object({ id: z.uuid() });

export function registerThingsRoutes(app: FastifyInstance, service: ThingsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organization/things',
    {
      config: { access: 'viewThings', apiKey: true },
      schema: {
        tags: ['things'],
        summary:
          'Assets of the given organisations (default: your own), paged; incremental with last_updated_timestamp',
        security: BEARER,
        querystring: ThingsQuerySchema,
        response: { 200: ThingsPageSchema, ...errors },
      },
    },
    (request) => service.list(principalOf(request), request.query),
  );

  api.get(
    '/organization/things_count',
    {
      config: { access: 'viewThings', apiKey: true },
      schema: {
        tags: ['things'],
        summary: 'How many assets are online, offline and out of service',
        security: BEARER,
        querystring: ThingsQuerySchema.pick({ 'org_ids[]': true }),
        response: { 200: ThingsCountSchema, ...errors },
      },
    },
    (request) => service.count(principalOf(request), request.query['org_ids[]']),
  );

  api.get(
    '/things/coverage',
    {
      config: { access: 'viewThings', apiKey: true },
      schema: {
        tags: ['things'],
        summary:
          'Reporting coverage of each asset over the last 24 hours (share of five-minute slots with a report)',
        security: BEARER,
        querystring: z.object({ 'thing_ids[]': z.union([z.uuid(), z.array(z.uuid()).max(500)]) }),
        response: { 200: z.array(ThingCoverageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const ids = request.query['thing_ids[]'];
      const coverage = await service.coverage(principalOf(request), Array.isArray(ids) ? ids : [ids]);
      void reply.header('cache-control', `private, max-age=${COVERAGE_CACHE_SECONDS}`);
      return coverage;
    },
  );

  api.get(
    '/things/:id',
    {
      config: { access: 'viewThings', apiKey: true },
      schema: {
        tags: ['things'],
        security: BEARER,
        params: IdParams,
        response: { 200: ThingSchema, ...errors },
      },
    },
    (request) => service.get(principalOf(request), request.params.id),
  );

  api.put(
    '/things/:id',
    {
      config: { access: 'editThing' },
      schema: {
        tags: ['things'],
        summary: "Update an asset's profile: only changed fields; integrations carry isDeleted",
        security: BEARER,
        params: IdParams,
        body: UpdateThingInputSchema,
        response: { 200: ThingSchema, ...errors },
      },
    },
    (request) => service.update(principalOf(request), request.params.id, request.body),
  );

  api.put(
    '/things/:id/associations',
    {
      config: { access: 'editThing' },
      schema: {
        tags: ['things'],
        summary: 'Set organisations as manager or accessor of an asset, or remove them (delete)',
        security: BEARER,
        params: IdParams,
        body: UpdateAssociationsInputSchema,
        response: { 200: ThingSchema, ...errors },
      },
    },
    (request) => service.updateAssociations(principalOf(request), request.params.id, request.body),
  );

  api.delete(
    '/things/:id/alarm',
    {
      config: { access: 'viewThings' },
      schema: {
        tags: ['things'],
        summary:
          "Acknowledge the asset's raised alarm (e.g. an SOS), the one raised at raised_at; answers with the asset (409 when another alarm was raised since)",
        security: BEARER,
        params: IdParams,
        querystring: AcknowledgeAlarmQuerySchema,
        response: { 200: ThingSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    (request) =>
      service.acknowledgeAlarm(principalOf(request), request.params.id, new Date(request.query.raised_at)),
  );

  api.get(
    '/things/:id/device_credential',
    {
      config: { access: 'manageThings' },
      schema: {
        tags: ['things'],
        summary: "When the device's credential was issued, and whether its System Id alone is still accepted",
        security: BEARER,
        params: IdParams,
        response: { 200: DeviceCredentialStateSchema, ...errors },
      },
    },
    (request) => service.deviceCredential(principalOf(request), request.params.id),
  );

  api.post(
    '/things/:id/device_credential',
    {
      config: { access: 'manageThings' },
      schema: {
        tags: ['things'],
        summary:
          'Issue a new device credential (shown this once, with the Traccar Client QR text); the previous one stops working',
        security: BEARER,
        params: IdParams,
        response: { 201: IssuedDeviceCredentialSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.rotateDeviceCredential(principalOf(request), request.params.id)),
  );

  api.put(
    '/things/:id/device_credential',
    {
      config: { access: 'manageThings' },
      schema: {
        tags: ['things'],
        summary: 'Allow (legacy devices) or stop reports that name the asset by its System Id alone',
        security: BEARER,
        params: IdParams,
        body: UpdateDeviceCredentialInputSchema,
        response: { 200: DeviceCredentialStateSchema, ...errors },
      },
    },
    (request) =>
      service.setLegacyDeviceId(principalOf(request), request.params.id, request.body.legacy_device_id),
  );

  api.get(
    '/things/:id/configuration',
    {
      config: { access: 'manageThings' },
      schema: {
        tags: ['things'],
        summary:
          "The asset's device configuration document: heartbeat interval and R2R timing (seconds), device model and ports",
        security: BEARER,
        params: IdParams,
        response: { 200: DeviceConfigurationSchema, ...errors },
      },
    },
    (request) => service.deviceConfiguration(principalOf(request), request.params.id),
  );

  api.put(
    '/things/:id/configuration',
    {
      config: { access: 'manageThings' },
      schema: {
        tags: ['things'],
        summary:
          "Set the asset's device model and how each of its ports is used; answers the configuration document",
        security: BEARER,
        params: IdParams,
        body: UpdateDeviceConfigurationInputSchema,
        response: { 200: DeviceConfigurationSchema, ...errors },
      },
    },
    (request) => service.setDeviceConfiguration(principalOf(request), request.params.id, request.body),
  );

  api.post(
    '/things',
    {
      config: { access: 'registerThing' },
      schema: {
        tags: ['things'],
        summary:
          'Register a device as a new asset of an organisation you manage (Org Admins, platform administrators); the answer holds its device credential, shown this once',
        security: BEARER,
        body: CreateThingInputSchema,
        response: { 201: ThingSchema.extend({ device_credential: IssuedDeviceCredentialSchema }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );
}
