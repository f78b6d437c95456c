// A publisher in a process of its own, as a Traccar server's AMQP forwarder publishes (persistent
// messages on a topic exchange, the routing key its forward.topic), so the server under test keeps
// its CPU time to itself: told { url, exchange, routingKey, bodiesFile } (the bodies as a JSON array
// in a file), it connects, says `ready`, publishes every body on `go` and reports how long that took.
// Plain JavaScript: it runs without the TypeScript loader.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import amqp from 'amqplib';

process.once('message', async (job) => {
  const bodies = JSON.parse(readFileSync(job.bodiesFile, 'utf8'));
  const connection = await amqp.connect(job.url);
  // Confirmed, so closing waits for the broker to hold every message (Traccar's connection stays open).
  const channel = await connection.createConfirmChannel();
  process.send('ready');
  await new Promise((resolve) => process.once('message', resolve));
  const start = performance.now();
  for (const body of bodies) {
    const options = { persistent: true, contentType: 'text/plain' };
    if (!channel.publish(job.exchange, job.routingKey, Buffer.from(body), options))
      await new Promise((resolve) => channel.once('drain', resolve));
  }
  await channel.waitForConfirms();
  const ms = performance.now() - start;
  await connection.close();
  process.send({ ms }, () => process.exit(0));
});
