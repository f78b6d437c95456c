// A load generator in its own thread, so the server under test keeps its event loop: it sends the
// requests of `workerData` ({ requests: [{ url, method, headers?, body? }], concurrency }) and reports
// how long they took. Plain JavaScript: worker threads do not inherit the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

let next = 0;
let failures = 0;
let firstError = '';
const start = performance.now();
await Promise.all(
  Array.from({ length: workerData.concurrency }, async () => {
    while (next < workerData.requests.length) {
      const request = workerData.requests[next++];
      const response = await fetch(request.url, request);
      if (!response.ok) {
        failures++;
        firstError ||= `${response.status} ${await response.text()}`;
      } else await response.arrayBuffer();
    }
  }),
);
parentPort.postMessage({ ms: performance.now() - start, failures, firstError });
