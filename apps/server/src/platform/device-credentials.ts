/** Devices' credentials: made here, and only their SHA-256 is stored and compared. */
import { createHash, randomBytes } from 'node:crypto';
import { DEVICE_CREDENTIAL_BYTES } from '@flare/core/things/device-credential';

export function newDeviceCredential(): string {
  return randomBytes(DEVICE_CREDENTIAL_BYTES).toString('base64url');
}

export function hashDeviceCredential(credential: string): string {
  return createHash('sha256').update(credential, 'utf8').digest('hex');
}
