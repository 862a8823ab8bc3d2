import { type SubmitEvent, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { paths } from '../../lib/paths.ts';
import { signOut } from '../api/client.ts';
import { AccountFormShell } from '../auth/AccountFormShell.tsx';
import { loginSchema, sessionAnswerSchema } from '../auth/auth-contract.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';
import { SignInFields } from '../auth/SignInFields.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';

export const notAdminMessage =
  'This account is not an office admin account, so it cannot open the dashboard. We have signed it out again. Sign in with your office account, or use the guest sign-in page.';

type Outcome = { status: 'form' } | { status: 'refused'; message: string } | { status: 'admin' };

/**
 * The office sign-in. It uses the guest sign-in endpoint and then checks the account's role: a guest
 * account is refused here and its new session ended at once, so it does not stay signed in on a
 * page that looked like it failed. The API refuses non-admins anyway; this is for the person.
 */
export default function AdminLoginForm({ labelledBy }: { labelledBy: string }) {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'form' });

  async function refuse() {
    if (await signOut()) {
      setOutcome({ status: 'refused', message: notAdminMessage });
      return;
    }
    setOutcome({
      status: 'refused',
      message: `${notAdminMessage.split('.')[0]}. We could not sign it out again: use Sign out on your account page.`,
    });
  }

  const form = useSchemaForm({
    schema: loginSchema,
    endpoint: apiRoutes.login,
    onAccepted: (answer) => {
      const parsed = sessionAnswerSchema.safeParse(answer);
      if (parsed.success && parsed.data.user?.isAdmin) {
        setOutcome({ status: 'admin' });
        window.location.assign(paths.admin);
        return;
      }
      void refuse();
    },
  });

  if (outcome.status === 'admin') {
    return (
      <OutcomePanel heading="You are signed in">
        <p>
          Opening the dashboard… If nothing happens, <a href={paths.admin}>open it here</a>.
        </p>
      </OutcomePanel>
    );
  }

  const shownForm = {
    ...form,
    // A refusal belongs to the last attempt: a new one clears it.
    submit: (event: SubmitEvent<HTMLFormElement>) => {
      setOutcome({ status: 'form' });
      return form.submit(event);
    },
  };

  return (
    <>
      <AccountFormShell
        form={shownForm}
        labelledBy={labelledBy}
        submitLabel="Sign in"
        pendingLabel="Signing in…"
      >
        {outcome.status === 'refused' && (
          <p className="form__message" role="alert">
            {outcome.message}
          </p>
        )}
        <SignInFields form={form} />
      </AccountFormShell>
      <ul className="form-links">
        <li>
          <a href={paths.forgotPassword}>Forgot password?</a>
        </li>
        <li>
          <a href={paths.login}>Guest sign in</a>
        </li>
      </ul>
    </>
  );
}
