/** API keys of integrations: the list, creating one (its token shown once), revoking. */
import { z } from 'zod';
import { requiredText } from './common';

export const API_KEY_DESCRIPTION_MAX = 100;
/** Every key starts with this, so a key is told from an access token at a glance (and by the server). */
export const API_KEY_PREFIX = 'flk_';

/**
 * What a key may do, chosen when it is made: read the organisation's assets, report their positions
 * (ingest), read its incidents (a dispatch system's view), read its closures, read the motorist alerts
 * its sources make (a navigation app's view). A key made before keys
 * had scopes, or made without naming any, reads assets and reports positions.
 */
export const API_KEY_SCOPES = [
  'assets:read',
  'positions:write',
  'incidents:read',
  'closures:read',
  'alerts:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['assets:read', 'positions:write'];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'assets:read': 'Read assets',
  'positions:write': 'Report positions',
  'incidents:read': 'Read incidents',
  'closures:read': 'Read closures',
  'alerts:read': 'Read motorist alerts',
};

export const ApiKeySchema = z.object({
  id: z.string(),
  description: z.string(),
  /** The first characters of the token, to tell keys apart. */
  token_prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_date: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeysResponseSchema = z.object({
  api_keys: z.array(ApiKeySchema),
  /** How many keys an organisation may hold. */
  limit: z.number().int(),
});
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;

export const CreateApiKeyInputSchema = z.object({
  description: requiredText().max(API_KEY_DESCRIPTION_MAX, `At most ${API_KEY_DESCRIPTION_MAX} characters`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'Choose what the key may do')
    .default([...DEFAULT_API_KEY_SCOPES]),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

/** The answer to creating a key: the only time its token is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ token: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
