import { useEffect } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { paths } from '../../lib/paths.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { AccountFormShell } from './AccountFormShell.tsx';
import { resetPasswordSchema } from './auth-contract.ts';
import { OutcomePanel } from './OutcomePanel.tsx';
import { PasswordField } from './PasswordField.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';
import { usePageQuery } from './use-page-query.ts';

function LinkProblem({ takeFocus }: { takeFocus: boolean }) {
  return (
    <OutcomePanel heading="This link no longer works" tone="problem" takeFocus={takeFocus}>
      <p>
        Reset links work once, for one hour, and only as we sent them. Ask for a new one and use the latest
        email.
      </p>
      <p>
        <a className="button button--primary" href={paths.forgotPassword}>
          Ask for a new link
        </a>
      </p>
    </OutcomePanel>
  );
}

/** Choose a new password from the emailed link (`?token=`); the token is sent with it, never shown. */
export default function ResetPasswordForm({ labelledBy }: { labelledBy: string }) {
  const query = usePageQuery();
  const token = query?.get('token') ?? '';
  const form = useSchemaForm({ schema: resetPasswordSchema, endpoint: apiRoutes.resetPassword });
  const { change } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `change` is new every render; the token is set once it is read
  useEffect(() => {
    if (token) change('token', token);
  }, [token]);

  if (form.status === 'sent') {
    return (
      <OutcomePanel heading="Password changed">
        <p>
          Your new password is set. For safety every session of this account has been signed out, so sign in
          again with it.
        </p>
        <p>
          <a className="button button--primary" href={paths.login}>
            Sign in
          </a>
        </p>
      </OutcomePanel>
    );
  }
  // Without a token (the page opened by hand) or with one the server refused, a form would only fail.
  if (query && !token) return <LinkProblem takeFocus={false} />;
  if (form.refusal?.code === 'invalid_token' || form.errors.token) return <LinkProblem takeFocus />;

  return (
    <AccountFormShell
      form={form}
      labelledBy={labelledBy}
      submitLabel="Save new password"
      pendingLabel="Saving…"
    >
      <PasswordField
        field={form.fieldProps('password')}
        label="New password"
        autoComplete="new-password"
        maxLength={128}
        hint="At least 10 characters. Three or four unrelated words make a strong one."
      >
        <PasswordStrength password={form.values.password ?? ''} />
      </PasswordField>
    </AccountFormShell>
  );
}
