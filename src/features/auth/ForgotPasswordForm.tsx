import { TextField } from '../../components/ui/TextField.tsx';
import { apiRoutes } from '../../lib/api-contract.ts';
import { paths } from '../../lib/paths.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { AccountFormShell } from './AccountFormShell.tsx';
import { forgotPasswordSchema } from './auth-contract.ts';
import { OutcomePanel } from './OutcomePanel.tsx';

/**
 * Ask for a reset link. The answer is the same whether or not the address has an account, so this
 * page cannot be used to find out who is a guest here.
 */
export default function ForgotPasswordForm({ labelledBy }: { labelledBy: string }) {
  const form = useSchemaForm({ schema: forgotPasswordSchema, endpoint: apiRoutes.forgotPassword });

  if (form.status === 'sent') {
    return (
      <OutcomePanel heading="Check your inbox">
        <p>
          If <strong>{form.values.email}</strong> belongs to an account, we have sent it a link to choose a
          new password. The link works once, for one hour.
        </p>
        <p>
          Nothing there after a few minutes? Look in your spam folder, or{' '}
          <a href={paths.register}>create an account</a> if you have not made one yet.
        </p>
      </OutcomePanel>
    );
  }

  return (
    <>
      <AccountFormShell
        form={form}
        labelledBy={labelledBy}
        submitLabel="Send reset link"
        pendingLabel="Sending…"
      >
        <TextField
          {...form.fieldProps('email')}
          label="Email"
          type="email"
          autoComplete="email"
          hint="The address you registered with."
          required
          maxLength={254}
        />
      </AccountFormShell>
      <ul className="form-links">
        <li>
          <a href={paths.login}>Remembered it? Sign in</a>
        </li>
      </ul>
    </>
  );
}
