/**
 * `npm run admin:revoke -- --email office@example.com`: takes the admin role from an account on the
 * embedded database or the PostgreSQL of DATABASE_URL. The account keeps its password and can still
 * sign in as a guest; the dashboard refuses it from its next request on. On Supabase, accounts live in
 * Supabase Auth: this prints the SQL to run there instead.
 */
import { revokeAdmin } from '../src/server/auth/admins.ts';
import { readAdminOptions, refuseOnSupabase, runOnDatabase } from './support/admin-command.ts';

const { email } = readAdminOptions('Usage: npm run admin:revoke -- --email office@example.com');
refuseOnSupabase(email, { task: 'take the role away', change: "raw_app_meta_data - 'role'" });

await runOnDatabase('npm run admin:revoke', async () => {
  const { outcome } = await revokeAdmin({ email });
  console.log(
    {
      revoked: `${email} is no longer an admin; the dashboard refuses them from their next request.`,
      not_admin: `${email} was not an admin; nothing changed.`,
    }[outcome],
  );
});
