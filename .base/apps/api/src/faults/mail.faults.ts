import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { mailMessages } from '../db/schema.js';
import { type Mailbox, startMailbox } from '../test/mailbox.js';
import { admin, call, killTestDatabases, useStores, waitFor } from './support.js';

/**
 * Fault suite: a server is killed -9 after a sign-up has committed (its welcome e-mail queued) and
 * while the message is on its way to the mail server, which holds it without an answer. After a
 * restart the message arrives, once: on the embedded database and on PostgreSQL.
 */
const work = mkdtempSync(path.join(tmpdir(), 'bookstore-mail-faults-'));
const pgName = `bookstore_mail_faults_${randomBytes(4).toString('hex')}`;
const LEASE_SECONDS = 3;

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox?.close();
});
const startStore = useStores(async () => {
  if (process.env.TEST_DATABASE_URL) await admin(`drop database if exists "${pgName}" with (force)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

const databases = killTestDatabases(work, pgName);

describe.each(databases)(
  'kill -9 between the commit of an e-mail and its sending, on $name',
  ({ name, skip, prepare }) => {
    it.skipIf(skip)('sends the e-mail once after a restart', async () => {
      const { env, open } = await prepare();
      const base = { ...env, SMTP_URL: mailbox.url, OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS) };
      const email = `killed-${name.length}-${randomBytes(3).toString('hex')}@example.test`;
      const toHim = () => mailbox.received.filter((m) => m.to.includes(email));

      // The mail server takes the next message and never answers: the store is mid-send when it dies.
      const hungBefore = mailbox.hanging();
      mailbox.refuse(1, 'hang');
      const first = await startStore(base);
      const password = 'mail-fault-password';
      const signUp = await call(first.url, 'POST', '/api/register/', {
        email,
        username: `k9_${randomBytes(3).toString('hex')}`,
        firstName: 'Kill',
        lastName: 'Nine',
        password,
        password2: password,
      });
      expect(signUp.status, JSON.stringify(signUp.body) + first.output()).toBe(201);
      await waitFor(() => mailbox.hanging() > hungBefore, 15_000, first.output);
      await first.kill9();
      expect(toHim()).toHaveLength(0);

      const second = await startStore(base);
      await waitFor(() => toHim().length > 0, (LEASE_SECONDS + 30) * 1000, second.output);
      // Longer than a lease and a poll: a second sending would have happened by now.
      await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 2) * 1000));
      await second.stop();

      expect(toHim()).toHaveLength(1);
      expect(toHim()[0]!.subject).toBe('Welcome to Bookstore: please confirm your e-mail address');
      const check = await openDatabase(open);
      try {
        const rows = await check.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
        expect(rows).toEqual([expect.objectContaining({ status: 'sent', template: 'welcome' })]);
      } finally {
        await check.close();
      }
    });
  },
);
