/**
 * `npm run admin:create -- --email office@example.com [--name "Lakshmi Menon"]`: makes an office admin
 * on the embedded database or the PostgreSQL of DATABASE_URL. Creates the account (confirmed), or
 * promotes an existing one. The password comes from ADMIN_PASSWORD, or is asked for without echo.
 * On Supabase, accounts live in Supabase Auth: this prints the SQL to run there instead.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  AdminAccountError,
  createOrPromoteAdmin,
  needsPassword,
  readAccountState,
} from '../src/server/admin/admins.ts';
import { readBackend } from '../src/server/config.ts';
import { closeDatabase } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';

const usage = 'Usage: npm run admin:create -- --email office@example.com [--name "Lakshmi Menon"]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
})();
const email = values.email?.trim();
if (!email) fail(usage);

if (readBackend().kind === 'supabase') {
  const quoted = `'${email.replaceAll("'", "''")}'`;
  fail(
    [
      'This site uses Supabase Auth, which keeps its own accounts: make the admin there.',
      '1. Have the person register on the site (or add them under Authentication → Users) and confirm the email.',
      '2. In the Supabase SQL editor, run:',
      '',
      `   update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where email = ${quoted};`,
      '',
      'The dashboard reads the role from auth.users on every request: they need not sign in again.',
    ].join('\n'),
  );
}

/** Asks each question on the terminal and reads the answers without showing what is typed. */
async function askHidden(questions: string[]): Promise<string[]> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  // One interface for every question: a second one would miss what the first had already buffered.
  const terminal = createInterface({ input: process.stdin, output, terminal: true });
  const answers: string[] = [];
  try {
    for (const question of questions) {
      muted = false;
      const answer = terminal.question(question);
      muted = true;
      answers.push(await answer);
      process.stdout.write('\n');
    }
    return answers;
  } finally {
    terminal.close();
  }
}

async function choosePassword(): Promise<string> {
  const fromEnvironment = process.env.ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) {
    throw new AdminAccountError(
      'Set ADMIN_PASSWORD (at least 10 characters), or run this in a terminal to type it.',
    );
  }
  const [password = '', again] = await askHidden([
    `Password for ${email} (at least 10 characters): `,
    'The same password again: ',
  ]);
  if (again !== password) {
    throw new AdminAccountError('The two passwords differ; nothing was changed.');
  }
  return password;
}

const database = await prepareDatabase({ command: 'npm run admin:create' });
process.env.DATABASE_URL = database.appUrl;
try {
  const state = await readAccountState(email);
  const password = needsPassword(state) ? await choosePassword() : undefined;
  const { outcome } = await createOrPromoteAdmin({ email, name: values.name, password });
  console.log(
    {
      created: `Created the admin ${email}. Sign in at /admin/login.`,
      promoted: state.isAdmin
        ? `${email} was already an admin; nothing changed.`
        : `${email} is now an admin and keeps their password. They sign in again to use the dashboard.`,
      claimed: `${email} had registered but never confirmed the address: it now has the new password, is confirmed and is an admin.`,
    }[outcome],
  );
} catch (error) {
  if (!(error instanceof AdminAccountError)) throw error;
  // Not process.exit: the embedded database must be stopped first.
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await closeDatabase();
  await database.stop();
}
