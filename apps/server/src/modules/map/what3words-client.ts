/** what3words REST API v3: the three-word address of a point. */
const CONVERT_URL = 'https://api.what3words.com/v3/convert-to-3wa';
const TIMEOUT_MS = 3000;

export class What3wordsError extends Error {}

/** `///filled.count.soap` for a point; throws What3wordsError when the service gives no words. */
export async function what3wordsAddress(
  apiKey: string,
  lat: number,
  lng: number,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const url = new URL(CONVERT_URL);
  url.searchParams.set('coordinates', `${lat},${lng}`);
  url.searchParams.set('key', apiKey);
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    // The URL carries the key: only the cause's kind leaves this function.
    throw new What3wordsError(`what3words unreachable (${error instanceof Error ? error.name : 'error'})`);
  }
  const body = (await response.json().catch(() => null)) as { words?: unknown } | null;
  if (!response.ok || typeof body?.words !== 'string' || body.words === '') {
    throw new What3wordsError(`what3words answered ${response.status} without words`);
  }
  return `///${body.words}`;
}
