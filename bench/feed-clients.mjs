// Live-feed clients in their own thread: `count` WebSockets speaking ActionCable, socket i subscribed
// to organisation i of `organizationIds` (round-robin). Every `sampleEvery`-th socket records, for
// each delivered point message, when it arrived. Plain JavaScript: worker threads do not inherit the
// TypeScript loader.
//
// The clients share the server's cores, so they do as little as a client can: a socket that does not
// record reads frames as bytes once subscribed (no text decoding, no JSON), and no socket checks that
// its text is valid UTF-8. What they cost is then mostly receiving, as a browser's network stack does.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, token, organizationIds, count, sampleEvery = 1 } = workerData;
const arrivals = [];
let confirmed = 0;
let failed = 0;
let firstFailure = '';
const sockets = [];
/** Ready once every socket is subscribed or has failed (refused, closed before its confirmation). */
const settled = () => {
  if (confirmed + failed === count) parentPort.postMessage({ ready: true, failed, firstFailure });
};

/**
 * Sockets connecting at once per thread: thousands at the same moment can overflow the server's
 * listen backlog (the kernel resets the rest), and these clients do not retry as the web app does.
 */
const CONNECTING = 100;
let opened = 0;
const openNext = () => {
  if (opened < count) open(opened++);
};

function open(i) {
  const identifier = JSON.stringify({
    channel: 'EventsChannel',
    organization_id: organizationIds[i % organizationIds.length],
  });
  const sampled = i % sampleEvery === 0;
  let subscribed = false;
  const socket = new WebSocket(url, ['actioncable-v1-json', 'datapumper', token], {
    skipUTF8Validation: true,
  });
  socket.on('open', () => socket.send(JSON.stringify({ command: 'subscribe', identifier })));
  const fail = (reason) => {
    if (subscribed) return;
    firstFailure ||= reason instanceof Error ? reason.message : `closed with ${reason}`;
    subscribed = true;
    failed++;
    settled();
    openNext();
  };
  socket.on('error', fail);
  socket.on('close', fail);
  socket.on('message', (data) => {
    if (subscribed && !sampled) return;
    const frame = JSON.parse(data.toString());
    if (frame.type === 'confirm_subscription' && !subscribed) {
      subscribed = true;
      confirmed++;
      settled();
      openNext();
    }
    if (sampled && frame.message?.type === 'point')
      arrivals.push([frame.message.thing_id, frame.message.heartbeat_datetime, Date.now()]);
  });
  sockets.push(socket);
}
for (let i = 0; i < CONNECTING; i++) openNext();

// Answers once its sockets are closed, so that the next step's sockets are not refused as too many.
parentPort.on('message', async (command) => {
  if (command === 'report') {
    const closed = sockets.map((socket) =>
      socket.readyState === WebSocket.CLOSED ? null : new Promise((resolve) => socket.once('close', resolve)),
    );
    for (const socket of sockets) socket.close();
    await Promise.all(closed);
    parentPort.postMessage({ arrivals, failed });
  }
});
