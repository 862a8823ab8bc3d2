import { useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { apiRoutes } from '../../lib/api-contract.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { AccountFormShell } from './AccountFormShell.tsx';
import { confirmedAnswerSchema, emailCodeSchema } from './auth-contract.ts';
import { OutcomePanel } from './OutcomePanel.tsx';
import { leadOn } from './signed-in-answer.ts';

type Props = {
  email: string;
  /** The unconfirmed booking the code sends once it signs its guest in. */
  request?: string | undefined;
  /** Where a sign-in without a booking goes. */
  next: string | null;
  heading: string;
  /** What the link and the code will do, in a sentence. */
  promise: string;
};

/**
 * "Check your inbox" after a sign-in link was emailed: the address it went to, and the six-digit code
 * typed here for a guest who reads mail on another device (the link itself works anywhere).
 */
export function EmailCodeEntry({ email, request, next, heading, promise }: Props) {
  const [problem, setProblem] = useState<{ message: string; retryPath: string } | null>(null);
  const form = useSchemaForm({
    schema: emailCodeSchema,
    endpoint: apiRoutes.emailCode,
    initial: { values: { email, request: request ?? '' }, errors: {} },
    onAccepted: (answer) => {
      const parsed = confirmedAnswerSchema.safeParse(answer);
      if (!parsed.success || parsed.data.status !== 'signed_in') return;
      const way = leadOn(parsed.data, next);
      if ('go' in way) window.location.assign(way.go);
      else setProblem({ message: way.problem, retryPath: way.retryPath });
    },
  });

  if (problem) {
    return (
      <OutcomePanel heading="You are signed in, but the request was not sent" tone="problem">
        <p>{problem.message}</p>
        <p>
          <a className="button button--primary" href={problem.retryPath}>
            Back to the booking form
          </a>
        </p>
      </OutcomePanel>
    );
  }
  if (form.status === 'sent') {
    return (
      <OutcomePanel heading="Email confirmed">
        <p>Taking you on…</p>
      </OutcomePanel>
    );
  }
  return (
    <>
      <OutcomePanel heading={heading} tone="neutral">
        <p>
          We have emailed a link and a six-digit code to <strong>{email}</strong>. {promise} Both work once,
          for one hour. Nothing there after a few minutes? Look in your spam folder.
        </p>
      </OutcomePanel>
      <AccountFormShell
        form={form}
        labelledBy="code-title"
        submitLabel={request ? 'Confirm and send' : 'Sign in'}
        pendingLabel="Checking the code…"
      >
        <h3 id="code-title">Or type the code from the email</h3>
        <TextField
          {...form.fieldProps('code')}
          label="Six-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          required
        />
      </AccountFormShell>
    </>
  );
}
