import { useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { PersonFields } from '../forms/PersonFields.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { AccountFormShell } from './AccountFormShell.tsx';
import { registerSchema } from './auth-contract.ts';
import { signInPath } from './auth-links.ts';
import { OutcomePanel } from './OutcomePanel.tsx';
import { PasswordField } from './PasswordField.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';
import { usePageQuery } from './use-page-query.ts';

/**
 * Create an account. Success is shown only after the server's 201, and it says what is true then:
 * an email is on its way; the account is usable once its link is opened. `?next=` rides along in the
 * emailed link, so confirming and signing in return the guest to where they were going.
 */
export default function RegisterForm({ labelledBy }: { labelledBy: string }) {
  const query = usePageQuery();
  const next = query?.get('next') ?? null;
  const [sentTo, setSentTo] = useState('');
  const form = useSchemaForm({
    schema: registerSchema,
    endpoint: apiRoutes.register,
    onAccepted: (answer) => setSentTo((answer as { email?: string } | null)?.email ?? ''),
  });
  const { change } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `change` is new every render; `next` is set once it is read
  useEffect(() => {
    if (next) change('next', next);
  }, [next]);

  if (form.status === 'sent') {
    return (
      <OutcomePanel heading="Check your inbox">
        <p>
          We have sent a link to <strong>{sentTo || form.values.email}</strong>. Open it to confirm your email
          address, then sign in. The link works once, for 24 hours.
        </p>
        <p>Nothing there after a few minutes? Look in your spam or promotions folder.</p>
      </OutcomePanel>
    );
  }

  return (
    <>
      <AccountFormShell
        form={form}
        labelledBy={labelledBy}
        submitLabel="Create account"
        pendingLabel="Creating your account…"
      >
        <PersonFields
          form={form}
          fields={['name', 'email']}
          hints={{ email: 'We send a link to this address to confirm it is yours.' }}
        />
        <PasswordField
          field={form.fieldProps('password')}
          label="Password"
          autoComplete="new-password"
          maxLength={128}
          hint="At least 10 characters. Three or four unrelated words make a strong one."
        >
          {/* Rated from the second render: a password typed before hydration would otherwise make the
              first render differ from the server's markup, which hydration expects to match. */}
          <PasswordStrength password={form.hydrated ? (form.values.password ?? '') : ''} />
        </PasswordField>
      </AccountFormShell>
      <ul className="form-links">
        <li>
          <a href={signInPath(next)}>Already have an account? Sign in</a>
        </li>
      </ul>
    </>
  );
}
