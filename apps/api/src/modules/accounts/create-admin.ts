// `npm run create-admin [-- --email a@b.c --username boss --password ...]`: creates a staff account,
// or makes an existing account (same email) staff and sets its password. Asks for what is missing.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, usernameSchema } from '@bookstore/contract';
import type { z } from 'zod';
import { ConfigError, loadConfig, loadEnvFileIfPresent } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { ensureStaffAccount } from './admin.js';
import { newPasswordProblem } from './passwords.js';
import { findUserByLogin } from './users.js';

/** One readline for every question; lines are queued, so answers piped in (not typed) are all read. */
function prompter() {
  let rl: ReturnType<typeof createInterface> | undefined;
  let lines: AsyncIterator<string> | undefined;
  let muted = false;
  const open = () => {
    if (!rl) {
      rl = createInterface({ input: process.stdin, output: process.stdout, terminal: Boolean(process.stdin.isTTY) });
      // Echo nothing while a password is typed.
      const out = rl as unknown as { _writeToOutput?: (s: string) => void };
      const write = out._writeToOutput?.bind(rl);
      if (write) out._writeToOutput = (s: string) => write(muted ? '' : s);
      lines = rl[Symbol.asyncIterator]();
    }
    return lines!;
  };
  return {
    async ask(question: string, hidden = false): Promise<string> {
      const reader = open();
      process.stdout.write(question);
      muted = hidden && Boolean(process.stdin.isTTY);
      try {
        const next = await reader.next();
        if (next.done) throw new Error(`no answer to "${question.trim()}"`);
        return next.value;
      } finally {
        if (muted || !process.stdin.isTTY) process.stdout.write('\n');
        muted = false;
      }
    },
    close: () => rl?.close(),
  };
}

function check<T>(schema: z.ZodType<T>, value: string, label: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${label}: ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  return parsed.data;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
  });
  loadEnvFileIfPresent();
  const config = loadConfig();
  const prompt = prompter();
  const interactive = !values.email || !values.password;
  let email: string, username: string, password: string;
  try {
    email = check(emailSchema, values.email ?? (await prompt.ask('Email: ')), 'email');
    username = values.username ?? (interactive ? await prompt.ask('Username (empty: from the email): ') : '');
    password = check(passwordSchema, values.password ?? (await prompt.ask('Password: ', true)), 'password');
  } finally {
    prompt.close();
  }
  const weak = await newPasswordProblem(password, { username, email });
  if (weak) throw new Error(`password: ${weak}`);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
  try {
    await database.migrate();
    let chosen: string | undefined;
    if (username.trim()) {
      chosen = check(usernameSchema, username, 'username');
      const holder = await findUserByLogin(database.db, chosen);
      if (holder && holder.email.toLowerCase() !== email.toLowerCase()) {
        throw new Error(`username: ${chosen} belongs to another account`);
      }
    }
    const { user, action } = await ensureStaffAccount(
      database.db,
      { email, password, username: chosen },
      { resetPassword: true },
    );
    const said = { created: 'Created', promoted: 'Promoted to staff', unchanged: 'Updated the password of' }[action];
    console.log(`${said} staff account ${user.username} <${user.email}>`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `create-admin: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
