/** The map's server-side settings (basemap, satellite tiles) and the three-word address of a point. */
import { z } from 'zod';

/** The `style_url` value that means: use the offline style bundled with the web app. */
export const OFFLINE_MAP_STYLE = 'offline';

export const ThreeWordProviderSchema = z.enum(['what3words', 'plus_code']);
export type ThreeWordProvider = z.infer<typeof ThreeWordProviderSchema>;

export const MapConfigSchema = z.object({
  /** A MapLibre style URL, or `offline`. */
  style_url: z.string().min(1),
  /** A raster XYZ tile URL template for satellite and hybrid; null when none is configured. */
  satellite_tiles_url: z.string().min(1).nullable(),
  three_word_provider: ThreeWordProviderSchema,
});
export type MapConfig = z.infer<typeof MapConfigSchema>;

export const ThreeWordAddressQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export type ThreeWordAddressQuery = z.infer<typeof ThreeWordAddressQuerySchema>;

export const ThreeWordAddressSchema = z.object({
  address: z.string().min(1),
  provider: ThreeWordProviderSchema,
});
export type ThreeWordAddress = z.infer<typeof ThreeWordAddressSchema>;
