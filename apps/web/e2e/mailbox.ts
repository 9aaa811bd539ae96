import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** E-mail that reached the suite's mail server (e2e/serve.mjs), as each journey reads it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function all(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail);
}

/** The newest message to `address` whose subject has `subject`, waiting for it to arrive. */
export async function mailTo(address: string, subject: string | RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = all()
          .reverse()
          .find(
            (m) =>
              m.to.includes(address.toLowerCase()) &&
              (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject)),
          );
        return Boolean(found);
      },
      { message: `an e-mail to ${address} about ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the message's text whose address has `part`. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = mail.text.match(/https?:\/\/[^\s\])>]+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`No link with ${part} in: ${mail.text}`);
  return link;
}
