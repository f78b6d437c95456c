/**
 * A partner's Server-Sent Events stream in a test: the events as they arrive (id, name, parsed data),
 * waiting for one, and closing. Reads the real HTTP response of a listening server.
 */
import { waitFor } from './cable-consumer';

export interface StreamEvent {
  id: number | null;
  event: string;
  data: Record<string, unknown>;
}

export interface StreamWatch {
  status: number;
  events: StreamEvent[];
  /** The first event after those already seen (`after`) that satisfies `test`. */
  next(test: (event: StreamEvent) => boolean, what: string, after?: number): Promise<StreamEvent>;
  close(): void;
}

function parse(block: string): StreamEvent | null {
  let id: number | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return data.length > 0 ? { id, event, data: JSON.parse(data.join('\n')) as Record<string, unknown> } : null;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<StreamWatch> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: StreamEvent[] = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const event = parse(buffered.slice(0, end));
          buffered = buffered.slice(end + 2);
          if (event) events.push(event);
        }
      }
    })();
  }
  return {
    status: response.status,
    events,
    async next(test, what, after = 0) {
      const found = () => events.slice(after).find(test);
      await waitFor(() => found() !== undefined, what);
      return found()!;
    },
    close: () => abort.abort(),
  };
}
