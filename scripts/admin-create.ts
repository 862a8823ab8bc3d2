/**
 * `npm run admin:create -- --email office@example.com [--name "Lakshmi Menon"]`: makes an office admin
 * on the embedded database or the PostgreSQL of DATABASE_URL. Creates the account (confirmed), or
 * promotes an existing one. The password comes from ADMIN_PASSWORD, or is asked for without echo.
 * On Supabase, accounts live in Supabase Auth: this prints the SQL to run there instead.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import {
  AdminAccountError,
  createOrPromoteAdmin,
  needsPassword,
  readAccountState,
} from '../src/server/auth/admins.ts';
import { readAdminOptions, refuseOnSupabase, runOnDatabase } from './support/admin-command.ts';

const { email, name } = readAdminOptions(
  'Usage: npm run admin:create -- --email office@example.com [--name "Lakshmi Menon"]',
  ['name'],
);
refuseOnSupabase(email, {
  task: 'make the admin',
  before: [
    'Have the person register on the site (or add them under Authentication → Users) and confirm the email.',
  ],
  change: `raw_app_meta_data || '{"role":"admin"}'`,
});

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

await runOnDatabase('npm run admin:create', async () => {
  const state = await readAccountState(email);
  const password = needsPassword(state) ? await choosePassword() : undefined;
  const { outcome } = await createOrPromoteAdmin({ email, name, password });
  console.log(
    {
      created: `Created the admin ${email}. Sign in at /admin/login.`,
      promoted: state.isAdmin
        ? `${email} was already an admin; nothing changed.`
        : `${email} is now an admin and keeps their password; the dashboard lets them in from their next request.`,
      claimed: `${email} had registered but never confirmed the address: it now has the new password, is confirmed and is an admin.`,
    }[outcome],
  );
});
