import { ProfileResponseSchema, type ProfileResponse } from '@flare/core/schemas/profile';
import { apiFetch } from '../api-client';

/**
 * GET /profile. Null when the answer holds no usable profile; the session turns that into
 * "Error - Please log back in." (the profile lives in the session store, not the query cache).
 */
export async function getProfile(): Promise<ProfileResponse | null> {
  const parsed = ProfileResponseSchema.safeParse(await apiFetch<unknown>('/profile'));
  return parsed.success ? parsed.data : null;
}
