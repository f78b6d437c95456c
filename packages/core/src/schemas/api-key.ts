/** API keys of integrations: the list, creating one (its token shown once), revoking. */
import { z } from 'zod';
import { requiredText } from './common';

export const API_KEY_DESCRIPTION_MAX = 100;
/** Every key starts with this, so a key is told from an access token at a glance (and by the server). */
export const API_KEY_PREFIX = 'flk_';

export const ApiKeySchema = z.object({
  id: z.string(),
  description: z.string(),
  /** The first characters of the token, to tell keys apart. */
  token_prefix: z.string(),
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
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

/** The answer to creating a key: the only time its token is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ token: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
