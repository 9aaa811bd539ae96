import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../../config.js';
import { inSpan, SpanKind } from '../../lib/tracing.js';
import { logoAttachments } from './logo.js';

/** One message as handed to the transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** The same on every attempt of one message, so a receiving server (or a person) can tell a repeat. */
  messageId: string;
}

export interface MailTransport {
  /** 'smtp' with SMTP_URL, else 'file': .eml files under DATA_DIR/mail (docs/decisions/0016-mail.md). */
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** The message for nodemailer, with the logo its HTML shows attached inline (logo.ts). */
const asOptions = async (mail: OutgoingMail) => ({
  ...mail,
  replyTo: mail.replyTo ?? undefined,
  attachments: await logoAttachments(mail.html),
});

/** Where the file transport writes message `id`: sortable by time, one file per message. */
export function emlFileName(id: number): string {
  return `${String(id).padStart(8, '0')}.eml`;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is built by nodemailer as it
 * would go over the wire and written whole (a temporary name, then renamed) to DATA_DIR/mail.
 */
export function createTransport(config: Config): MailTransport {
  if (config.mail.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as SMTPTransport.Options);
    return {
      kind: 'smtp',
      async send(mail) {
        await inSpan(
          'smtp send',
          { 'bookstore.mail.transport': 'smtp' },
          async () => smtp.sendMail(await asOptions(mail)),
          SpanKind.CLIENT,
        );
      },
      close: () => smtp.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = config.mail.dir;
  return {
    kind: 'file',
    send: (mail) => inSpan('mail file write', { 'bookstore.mail.transport': 'file' }, () => writeMail(mail)),
    close: () => writer.close(),
  };
  async function writeMail(mail: OutgoingMail) {
    const info = (await writer.sendMail(await asOptions(mail))) as { message: Buffer };
    const id = Number(/^<mail-(\d+)[.@]/.exec(mail.messageId)?.[1] ?? Date.now());
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, emlFileName(id));
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, info.message);
    await rename(partial, file);
  }
}
