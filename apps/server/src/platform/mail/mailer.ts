/**
 * Sends e-mail with nodemailer: through SMTP_URL when set, otherwise each message is written as an
 * .eml file under DATA_DIR/outbox and its link is logged, so a new user can follow it offline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

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

/** nodemailer loads with the first mail (most starts send none), and each transport is made once. */
function lazily<T>(make: (nodemailer: (typeof import('nodemailer'))['default']) => T): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer)));
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const message = (mail: Mail): SendMailOptions => ({
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
  });
  const { smtpUrl } = options;
  if (smtpUrl) {
    // Give up on a mail server that does not answer well before the mail job's attempt expires.
    const transport = lazily((nodemailer): Transporter<SMTPTransport.SentMessageInfo> =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    );
    return {
      async send(mail) {
        await (await transport()).sendMail(message(mail));
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = lazily((nodemailer): Transporter<StreamTransport.SentMessageInfo> =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(message(mail));
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
