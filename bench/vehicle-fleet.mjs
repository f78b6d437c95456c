// A fleet of simulated vehicles in its own thread (motorist-alerts.bench.ts): `workerData`
// ({ url, key, vehicles: [{ id, lat, lng, heading }], perConnection, intervalMs }) opens one gateway
// connection per `perConnection` vehicles to /api/alerts/vehicles, sends every vehicle's position
// every `intervalMs` (in messages under the 64 kB limit), and notes when each vehicle first hears each
// alert. The main thread asks ('receipts') for them and ends it ('stop'). Plain JavaScript: worker
// threads do not inherit the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, key, vehicles, perConnection, intervalMs } = workerData;
const PER_MESSAGE = 800;
/** Alert id → times (epoch ms) vehicles first heard it. */
const receipts = new Map();
const sockets = [];

function sendPositions(socket, group) {
  for (let i = 0; i < group.length; i += PER_MESSAGE)
    socket.send(JSON.stringify({ type: 'positions', vehicles: group.slice(i, i + PER_MESSAGE) }));
}

for (let i = 0; i < vehicles.length; i += perConnection) {
  const group = vehicles.slice(i, i + perConnection);
  const socket = new WebSocket(url, { headers: { 'x-api-key': key }, maxPayload: 1 << 24 });
  socket.on('message', (data) => {
    const now = Date.now();
    const message = JSON.parse(data.toString());
    if (message.type !== 'alert.relevant') return;
    const heard = receipts.get(message.alert.id) ?? [];
    heard.push(now);
    receipts.set(message.alert.id, heard);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  sendPositions(socket, group);
  // Every vehicle again every interval, the connections staggered.
  const offset = (intervalMs * (i / perConnection)) / Math.max(1, vehicles.length / perConnection);
  setTimeout(() => {
    const timer = setInterval(() => sendPositions(socket, group), intervalMs);
    socket.once('close', () => clearInterval(timer));
  }, offset);
  sockets.push(socket);
}
parentPort.postMessage({ type: 'connected' });

parentPort.on('message', (message) => {
  if (message === 'receipts') parentPort.postMessage({ type: 'receipts', receipts: [...receipts] });
  if (message === 'stop') {
    for (const socket of sockets) socket.close();
    parentPort.close();
  }
});
