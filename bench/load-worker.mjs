// A load generator in its own thread, so the server under test keeps its event loop: it sends the
// requests of `workerData` ({ requests: [{ url, method, headers?, body? }], concurrency }) over
// keep-alive connections and reports how long they took. Plain JavaScript: worker threads do not
// inherit the TypeScript loader. node:http costs the client far less CPU than fetch here.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.concurrency });

function send({ url, method, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

let next = 0;
let failures = 0;
let firstError = '';
const start = performance.now();
await Promise.all(
  Array.from({ length: workerData.concurrency }, async () => {
    while (next < workerData.requests.length) {
      const { status, text } = await send(workerData.requests[next++]);
      if (status < 200 || status >= 300) {
        failures++;
        firstError ||= `${status} ${text}`;
      }
    }
  }),
);
agent.destroy();
parentPort.postMessage({ ms: performance.now() - start, failures, firstError });
