import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real SMTP server in the test process, on a free loopback port (smtp-server, parsed by mailparser):
 * the store sends to it over SMTP as it would to any mail server, and tests read what arrived.
 */
export interface ReceivedMail {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Who signed in to send it: the user name of the sender's SMTP_URL (null: it did not sign in). */
  user: string | null;
  /** What the message carries besides its text (the logo, inline, named by its Content-ID). */
  attachments: { contentType: string; cid: string | null; inline: boolean; content: Buffer }[];
}

export interface Mailbox {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Messages the server is holding without an answer (`refuse(n, 'hang')`). */
  hanging(): number;
  /** The first message (from now or already there) that matches, waiting up to `timeoutMs`. */
  next(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuse (or hang) the next `n` messages: a mail server that is down. */
  refuse(n: number, how?: 'reject' | 'hang'): void;
  close(): Promise<void>;
}

const addresses = (value: ParsedMail['to']): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? '').toLowerCase()),
  );

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let refusal: 'reject' | 'hang' = 'reject';
  let hanging = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Any password; the user name is kept with each message, so a test can tell which sender sent it.
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'test' }),
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        if (refusal === 'hang') {
          hanging += 1;
          stream.resume();
          return; // never answers: the sender times out or dies waiting
        }
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('451 Try again later'), { responseCode: 451 })));
        return;
      }
      // As it arrived: `cid:` links left as they are (mailparser would draw the attachments in).
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          received.push({
            to: addresses(mail.to),
            from: mail.from?.text ?? '',
            replyTo: mail.replyTo?.value[0]?.address ?? null,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            user: typeof session.user === 'string' ? session.user : null,
            attachments: mail.attachments.map((a) => ({
              contentType: a.contentType,
              cid: a.cid ?? null,
              inline: a.contentDisposition === 'inline',
              content: a.content,
            })),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://test:secret@127.0.0.1:${port}`,
    port,
    received,
    hanging: () => hanging,
    async next(match, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`No such mail arrived; received: ${JSON.stringify(received.map((m) => [m.to, m.subject]))}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    refuse(n, how = 'reject') {
      refusals = n;
      refusal = how;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mailbox for the whole test file (started before the app that sends to it). */
export function useMailbox(): () => Mailbox {
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await mailbox?.close();
  });
  return () => {
    if (!mailbox) throw new Error('The mailbox is not ready yet');
    return mailbox;
  };
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.match(/https?:\/\/[^\s\])>]+/g)?.find((url) => url.includes(prefix));
  if (!found) throw new Error(`No ${prefix} link in: ${mail.text}`);
  return found;
}
