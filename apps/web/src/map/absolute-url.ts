/**
 * A URL the map can use from anywhere for a configured one that may be a path on this server.
 * Joined as text, not with `new URL`, which would escape the braces of a tile template.
 */
export function absoluteUrl(url: string, origin = window.location.origin): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}
