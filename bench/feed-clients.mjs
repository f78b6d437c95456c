// Live-feed clients in their own thread: `count` WebSockets speaking ActionCable subscribe to one
// organisation and record, for each delivered point message, when it arrived. Plain JavaScript:
// worker threads do not inherit the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, token, organizationId, count } = workerData;
const identifier = JSON.stringify({ channel: 'EventsChannel', organization_id: organizationId });
const arrivals = [];
let confirmed = 0;
const sockets = [];

for (let i = 0; i < count; i++) {
  const socket = new WebSocket(url, ['actioncable-v1-json', 'datapumper', token]);
  socket.on('open', () => socket.send(JSON.stringify({ command: 'subscribe', identifier })));
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type === 'confirm_subscription' && ++confirmed === count)
      parentPort.postMessage({ ready: true });
    if (frame.message?.type === 'point')
      arrivals.push([frame.message.thing_id, frame.message.heartbeat_datetime, Date.now()]);
  });
  sockets.push(socket);
}

parentPort.on('message', (command) => {
  if (command === 'report') {
    parentPort.postMessage({ arrivals });
    for (const socket of sockets) socket.close();
  }
});
