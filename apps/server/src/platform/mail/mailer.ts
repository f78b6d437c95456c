/**
 * Sends e-mail with nodemailer: through SMTP_URL when set, otherwise each message is written as an
 * .eml file under DATA_DIR/outbox and its link is logged, so a new user can follow it offline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the reader should follow; logged when mail goes to the outbox folder. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // Give up on a mail server that does not answer well before the mail job's attempt expires.
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      mkdirSync(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${randomBytes(3).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        'mail written to the outbox',
      );
    },
  };
}
