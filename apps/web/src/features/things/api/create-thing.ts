/**
 * POST /things: a platform administrator registers a device as a new asset; answers the asset with
 * its device credential (shown this once).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ThingSchema, type CreateThingInput } from '@flare/core/schemas/thing';
import { IssuedDeviceCredentialSchema } from '@flare/core/things/device-credential';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { thingSaved } from './get-thing';

const RegisteredThingSchema = ThingSchema.extend({ device_credential: IssuedDeviceCredentialSchema });

export async function createThing(input: CreateThingInput): Promise<z.infer<typeof RegisteredThingSchema>> {
  return parseResponse(
    RegisteredThingSchema,
    await apiFetch<unknown>('/things', { method: 'POST', body: input }),
  );
}

export function useCreateThing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createThing, onSuccess: (thing) => thingSaved(queryClient, thing) });
}
