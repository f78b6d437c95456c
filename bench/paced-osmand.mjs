// Devices reporting at a steady pace, in their own thread: each of `devices` ({ id, thingId }) sends
// one OsmAnd report every `periodMs`, the devices spread evenly over the period, for `seconds`. It
// records when each report was sent and acknowledged (keyed by thing and report time) and reports
// those, with the count of failures. Plain JavaScript: worker threads do not inherit the TypeScript loader.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, devices, periodMs, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
const acknowledged = [];
let failures = 0;
let firstError = '';
const inFlight = new Set();

function send(device, at) {
  const sentAt = Date.now();
  const query = `id=${device.id}&lat=${39.7 + (at % 1000) / 100_000}&lon=-89.6&timestamp=${at}&speed=10&accuracy=5`;
  const request = new Promise((resolve) => {
    const req = http.request(`${url}/?${query}`, { method: 'POST', agent }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) acknowledged.push([device.thingId, at, sentAt, Date.now()]);
        else {
          failures++;
          firstError ||= String(response.statusCode);
        }
        resolve();
      });
    });
    req.on('error', (error) => {
      failures++;
      firstError ||= error.message;
      resolve();
    });
    req.end();
  });
  inFlight.add(request);
  void request.then(() => inFlight.delete(request));
}

const TICK_MS = 10;
const perTick = (devices.length * TICK_MS) / periodMs;
const start = Date.now();
let sent = 0;
while (Date.now() - start < seconds * 1000) {
  const due = Math.floor(((Date.now() - start + TICK_MS) / TICK_MS) * perTick);
  // A report time unique per device: milliseconds, never twice for one device within its period.
  for (; sent < due; sent++) send(devices[sent % devices.length], start + sent);
  await new Promise((resolve) => setTimeout(resolve, TICK_MS));
}
await Promise.all(inFlight);
agent.destroy();
parentPort.postMessage({ acknowledged, failures, firstError, sent });
