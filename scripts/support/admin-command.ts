/**
 * What `admin:create` and `admin:revoke` share: reading `--email`, the Supabase refusal (its accounts
 * live in Supabase Auth, so the command prints the SQL to run there), and running the work on the
 * configured database, beside a running site or on a cluster of its own.
 */
import { parseArgs } from 'node:util';
import { AdminAccountError } from '../../src/server/auth/admins.ts';
import { readBackend } from '../../src/server/config.ts';
import { closeDatabase } from '../../src/server/db/database.ts';
import { prepareDatabase } from '../../src/server/db/prepare.ts';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The command's options, with `--email` required and trimmed; a mistake prints the usage and exits 1. */
export function readAdminOptions<Extra extends string>(
  usage: string,
  extra: Extra[] = [],
): Partial<Record<Extra, string>> & { email: string } {
  const options: Record<string, { type: 'string' }> = {};
  for (const name of ['email', ...extra]) options[name] = { type: 'string' };
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ options }).values as Record<string, string | undefined>;
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
  const email = values.email?.trim();
  if (!email) return fail(usage);
  return { ...(values as Partial<Record<Extra, string>>), email };
}

/** On Supabase, prints what to do there with `update auth.users set raw_app_meta_data = <change>` and exits 1. */
export function refuseOnSupabase(
  email: string,
  { task, before = [], change }: { task: string; before?: string[]; change: string },
) {
  if (readBackend().kind !== 'supabase') return;
  const quoted = `'${email.replaceAll("'", "''")}'`;
  const numbered = before.length > 0;
  fail(
    [
      `This site uses Supabase Auth, which keeps its own accounts: ${task} there.`,
      ...before.map((step, index) => `${index + 1}. ${step}`),
      `${numbered ? `${before.length + 1}. ` : ''}In the Supabase SQL editor, run:`,
      '',
      `   update auth.users set raw_app_meta_data = ${change} where email = ${quoted};`,
      '',
      'The dashboard reads the role from auth.users on every request, so the change counts at once.',
    ].join('\n'),
  );
}

/**
 * Runs `work` with the functions' connection on the configured database, then lets go of it (a
 * cluster this command started is stopped; a running site's is left alone). An AdminAccountError is
 * printed and makes the exit code 1; process.exit would skip stopping the database.
 */
export async function runOnDatabase(command: string, work: () => Promise<void>): Promise<void> {
  const database = await prepareDatabase({ command });
  process.env.DATABASE_URL = database.appUrl;
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AdminAccountError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
    await database.stop();
  }
}
