/**
 * `npm run admin:revoke -- --email office@example.com`: takes the admin role from an account on the
 * embedded database or the PostgreSQL of DATABASE_URL. The account keeps its password and can still
 * sign in as a guest; the dashboard refuses it from its next request on. On Supabase, accounts live in
 * Supabase Auth: this prints the SQL to run there instead.
 */
import { parseArgs } from 'node:util';
import { AdminAccountError, revokeAdmin } from '../src/server/admin/admins.ts';
import { readBackend } from '../src/server/config.ts';
import { closeDatabase } from '../src/server/db/database.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';

const usage = 'Usage: npm run admin:revoke -- --email office@example.com';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { email: { type: 'string' } } });
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
      'This site uses Supabase Auth, which keeps its own accounts: take the role away there.',
      'In the Supabase SQL editor, run:',
      '',
      `   update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where email = ${quoted};`,
      '',
      'The dashboard reads the role from auth.users on every request, so it refuses them at once.',
    ].join('\n'),
  );
}

const database = await prepareDatabase();
process.env.DATABASE_URL = database.url;
try {
  const { outcome } = await revokeAdmin({ email });
  console.log(
    {
      revoked: `${email} is no longer an admin; the dashboard refuses them from their next request.`,
      not_admin: `${email} was not an admin; nothing changed.`,
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
