/** Whether a RabbitMQ broker answers at the URL (one that is not there refuses at once): tests and benchmarks that need one skip without it. */
import amqp from 'amqplib';

export async function amqpBrokerAnswers(url: string): Promise<boolean> {
  try {
    await (await amqp.connect(url)).close();
    return true;
  } catch {
    return false;
  }
}
