import { apiRoutes } from '../../lib/api-contract.ts';
import { paths, safeReturnPath } from '../../lib/paths.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { AccountFormShell } from './AccountFormShell.tsx';
import { loginSchema } from './auth-contract.ts';
import { registerPath } from './auth-links.ts';
import { OutcomePanel } from './OutcomePanel.tsx';
import { SignInFields } from './SignInFields.tsx';
import { rememberSignedInHere } from './signed-in-here.ts';
import { usePageQuery } from './use-page-query.ts';

/**
 * Sign in. The session arrives as HttpOnly cookies with the 200; the island only moves on, to the
 * page the guest came from (`?next=`, on this site only) or to their account.
 */
export default function LoginForm({ labelledBy }: { labelledBy: string }) {
  const query = usePageQuery();
  const next = query?.get('next') ?? null;
  const form = useSchemaForm({
    schema: loginSchema,
    endpoint: apiRoutes.login,
    onAccepted: () => {
      rememberSignedInHere();
      window.location.assign(safeReturnPath(next));
    },
  });

  if (form.status === 'sent') {
    return (
      <OutcomePanel heading="You are signed in">
        <p>
          Taking you on… If nothing happens, <a href={safeReturnPath(next)}>continue here</a>.
        </p>
      </OutcomePanel>
    );
  }

  const notConfirmed = form.refusal?.code === 'email_not_confirmed';
  return (
    <>
      <AccountFormShell form={form} labelledBy={labelledBy} submitLabel="Sign in" pendingLabel="Signing in…">
        {notConfirmed && (
          <p className="form__note">
            Cannot find the email? <a href={registerPath(next)}>Register again with the same address</a> and
            we will send a new link.
          </p>
        )}
        <SignInFields form={form} />
      </AccountFormShell>
      <ul className="form-links">
        <li>
          <a href={paths.forgotPassword}>Forgot password?</a>
        </li>
        <li>
          <a href={registerPath(next)}>Need an account? Create one</a>
        </li>
        <li>
          <a href={paths.adminLogin}>Admin sign in</a>
        </li>
      </ul>
    </>
  );
}
