/**
 * A device's credential: what a tracker sends as its device id (OsmAnd `id`, the MQTT topic's device
 * part). It is random and shown once; the System Id people see in the dashboard is not a credential,
 * except for assets an administrator marks as legacy devices.
 */
import { z } from 'zod';

/** 18 random bytes (144 bits), written as 24 URL-safe base64 characters. */
export const DEVICE_CREDENTIAL_BYTES = 18;

/** The path of the OsmAnd (Traccar Client) ingest on the API's own origin. */
export const OSMAND_INGEST_PATH = '/api/ingest/osmand';

/**
 * What Traccar Client scans to configure itself: the server URL with the device id as its `id` query
 * parameter (the client takes the URL without the query as its server URL, and `id` as its device
 * identifier).
 */
export function traccarClientSetupUrl(serverUrl: string, credential: string): string {
  const url = new URL(serverUrl);
  url.searchParams.set('id', credential);
  return url.toString();
}

export const DeviceCredentialStateSchema = z.object({
  /** When the current credential was issued; null: the asset has none yet. */
  issued_at: z.string().nullable(),
  /** Whether the asset's System Id alone is still accepted from devices (guessable: old devices only). */
  legacy_device_id: z.boolean(),
});
export type DeviceCredentialState = z.infer<typeof DeviceCredentialStateSchema>;

/** A newly issued credential: the only time it is shown. */
export const IssuedDeviceCredentialSchema = DeviceCredentialStateSchema.extend({
  device_credential: z.string(),
  /** Where devices send reports (OsmAnd / Traccar Client). */
  server_url: z.string(),
  /** The text of the QR code Traccar Client scans. */
  setup_url: z.string(),
});
export type IssuedDeviceCredential = z.infer<typeof IssuedDeviceCredentialSchema>;

export const UpdateDeviceCredentialInputSchema = z.object({ legacy_device_id: z.boolean() });
