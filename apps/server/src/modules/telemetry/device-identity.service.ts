/**
 * Devices' own requests besides position reports (a hazard report, say): who the device is, by the
 * same credential check, refusal reasons and per-device rate limit as its reports. Other modules ask
 * here rather than reaching into the ingest pipeline.
 */
import { IngestRejection } from './ingest-rejection';
import type { IngestPipeline } from './ingest-pipeline';

export type DeviceIdentity =
  | { ok: true; thingId: string; ownerId: string }
  | { ok: false; status: 400 | 429; code: string; message: string; retryAfterSeconds: number };

export class DeviceIdentityService {
  constructor(private readonly pipeline: IngestPipeline) {}

  async identify(deviceId: string): Promise<DeviceIdentity> {
    try {
      const route = await this.pipeline.identify(deviceId);
      return { ok: true, thingId: route.thingId, ownerId: route.ownerId };
    } catch (error) {
      if (!(error instanceof IngestRejection)) throw error;
      return {
        ok: false,
        status: error.rateLimited ? 429 : 400,
        code: error.code,
        message: error.message,
        retryAfterSeconds: error.retryAfterSeconds,
      };
    }
  }
}
