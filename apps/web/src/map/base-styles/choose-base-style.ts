/**
 * Which basemap to start with: the configured style URL when it answers with a style in time,
 * otherwise the offline style, so the map renders with no network at all.
 *
 * The map must show within 4 s of opening even when the style host never answers. So the configured
 * style gets STYLE_TIMEOUT_MS, and a style that has not come after OFFLINE_PREPARE_MS may not come at
 * all: the offline one is prepared meanwhile (its data downloaded and shaped), ready when the wait ends.
 */
import { OFFLINE_MAP_STYLE } from '@flare/core/schemas/map';

export const STYLE_TIMEOUT_MS = 2500;
export const OFFLINE_PREPARE_MS = 1000;

export type BaseStyleChoice = { kind: 'remote'; url: string } | { kind: 'offline'; reason: string };

/** Enough of a MapLibre style to be worth handing to the map. */
export function isStyleLike(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const style = body as Record<string, unknown>;
  return (
    style.version === 8 &&
    typeof style.sources === 'object' &&
    style.sources !== null &&
    Array.isArray(style.layers)
  );
}

class StyleTimeout extends Error {}

export async function chooseBaseStyle(
  styleUrl: string,
  {
    fetchImpl = fetch,
    timeoutMs = STYLE_TIMEOUT_MS,
    prepareOffline,
  }: { fetchImpl?: typeof fetch; timeoutMs?: number; prepareOffline?: () => void } = {},
): Promise<BaseStyleChoice> {
  if (styleUrl === OFFLINE_MAP_STYLE) return { kind: 'offline', reason: 'configured' };
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const preparing = prepareOffline ? setTimeout(prepareOffline, OFFLINE_PREPARE_MS) : undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new StyleTimeout());
    }, timeoutMs);
  });
  try {
    const body = await Promise.race([
      fetchImpl(styleUrl, { signal: controller.signal }).then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return (await response.json()) as unknown;
      }),
      timeout,
    ]);
    if (!isStyleLike(body)) return { kind: 'offline', reason: 'invalid style' };
    return { kind: 'remote', url: styleUrl };
  } catch (error) {
    const reason =
      error instanceof StyleTimeout ? 'timeout' : error instanceof Error ? error.message : 'unreachable';
    return { kind: 'offline', reason };
  } finally {
    clearTimeout(timer);
    clearTimeout(preparing);
  }
}
