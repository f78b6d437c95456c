/** A WebSocket's address on this page's server: wss on an https page, ws otherwise. */
export function socketUrl(path: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${path}`;
}
