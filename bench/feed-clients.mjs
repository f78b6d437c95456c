// Live-feed clients in their own thread: `count` WebSockets speaking ActionCable, socket i subscribed
// to organisation i of `organizationIds` (round-robin). Every `sampleEvery`-th socket records, for
// each delivered point message, when it arrived. Plain JavaScript: worker threads do not inherit the
// TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, token, organizationIds, count, sampleEvery = 1 } = workerData;
const arrivals = [];
let confirmed = 0;
let failed = 0;
const sockets = [];

for (let i = 0; i < count; i++) {
  const identifier = JSON.stringify({
    channel: 'EventsChannel',
    organization_id: organizationIds[i % organizationIds.length],
  });
  const sampled = i % sampleEvery === 0;
  const socket = new WebSocket(url, ['actioncable-v1-json', 'datapumper', token]);
  socket.on('open', () => socket.send(JSON.stringify({ command: 'subscribe', identifier })));
  socket.on('error', () => failed++);
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type === 'confirm_subscription' && ++confirmed === count)
      parentPort.postMessage({ ready: true });
    if (sampled && frame.message?.type === 'point')
      arrivals.push([frame.message.thing_id, frame.message.heartbeat_datetime, Date.now()]);
  });
  sockets.push(socket);
}

parentPort.on('message', (command) => {
  if (command === 'report') {
    parentPort.postMessage({ arrivals, failed });
    for (const socket of sockets) socket.close();
  }
});
