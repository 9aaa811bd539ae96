// `npm run create-admin [-- --email a@b.c --username boss --password ...]`: creates a staff account,
// or makes an existing account (same email) staff and sets its password. Asks for what is missing.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, usernameSchema } from '@bookstore/contract';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { ensureStaffAccount } from './admin.js';
import { findUserByLogin } from './users.js';

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (hidden && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    const write = output._writeToOutput.bind(rl);
    output._writeToOutput = (s: string) => write(s.startsWith(question) ? s : '');
  }
  try {
    const answer = await rl.question(question);
    if (hidden && process.stdin.isTTY) process.stdout.write('\n');
    return answer;
  } finally {
    rl.close();
  }
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
  const config = loadConfig();
  const email = check(emailSchema, values.email ?? (await ask('Email: ')), 'email');
  const username = values.username ?? (await ask('Username (empty: from the email): '));
  const password = check(passwordSchema, values.password ?? (await ask('Password: ', true)), 'password');

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
