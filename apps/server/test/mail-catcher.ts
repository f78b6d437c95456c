/** A real SMTP server (smtp-server) for tests: receives what Flare sends and parses it. */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailCatcher {
  url: string;
  received: CaughtMail[];
  /**
   * While refusing, every connection is answered 421 (service not available) and nothing is
   * received: a mail server that is down, on a port the catcher keeps (no other socket can take it).
   */
  refuse(refusing: boolean): void;
  /** The next mail to `to` (already received or arriving within the timeout). */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** On any free port, told by `url`. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!refusing) return callback();
      callback(Object.assign(new Error('mail server down (test)'), { responseCode: 421 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          received.push({ to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: listening } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    refuse(on) {
      refusing = on;
    },
    async next(to, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = received.find((m) => m.to.includes(to) && !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(
        `no mail to ${to} within ${timeoutMs} ms (received: ${received.map((m) => m.to).join(', ')})`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The path of the first dashboard link in a mail, e.g. /welcome/reset/{email}/{token}. */
export function linkPath(mail: CaughtMail): string {
  const match = /https?:\/\/[^\s/]+(\/welcome\/\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in mail:\n${mail.text}`);
  return match[1]!;
}
