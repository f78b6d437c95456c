/** The map's settings for the dashboard, and three-word addresses (what3words, else plus codes). */
import type { MapConfig, ThreeWordAddress } from '@flare/core/schemas/map';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { plusCode } from './plus-code';
import { what3wordsAddress } from './what3words-client';

export type MapSettings = Pick<Config, 'mapStyleUrl' | 'mapSatelliteTiles' | 'what3wordsApiKey'>;

export class MapService {
  constructor(
    private readonly settings: MapSettings,
    private readonly log: FastifyBaseLogger,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  config(): MapConfig {
    return {
      style_url: this.settings.mapStyleUrl,
      satellite_tiles_url: this.settings.mapSatelliteTiles ?? null,
      three_word_provider: this.settings.what3wordsApiKey ? 'what3words' : 'plus_code',
    };
  }

  /** what3words when a key is set; its failures fall back to the plus code, so a point always has one. */
  async threeWordAddress(lat: number, lng: number): Promise<ThreeWordAddress> {
    const key = this.settings.what3wordsApiKey;
    if (key) {
      try {
        return { address: await what3wordsAddress(key, lat, lng, this.fetchImpl), provider: 'what3words' };
      } catch (error) {
        this.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'what3words failed');
      }
    }
    return { address: plusCode(lat, lng), provider: 'plus_code' };
  }
}
