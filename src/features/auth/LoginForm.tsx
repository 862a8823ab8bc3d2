import { useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { paths, safeReturnPath } from '../../lib/paths.ts';
import { requestJson } from '../api/client.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { AccountFormShell } from './AccountFormShell.tsx';
import { emailLinkSchema, linkSentAnswerSchema, loginSchema } from './auth-contract.ts';
import { registerPath } from './auth-links.ts';
import { EmailCodeEntry } from './EmailCodeEntry.tsx';
import { OutcomePanel } from './OutcomePanel.tsx';
import { SignInFields } from './SignInFields.tsx';
import { usePageQuery } from './use-page-query.ts';

/**
 * Sign in, with the password or by an emailed link ("Email me a sign-in link", beside the password,
 * which needs only the email typed). The session arrives as HttpOnly cookies; the island only moves
 * on, to the page the guest came from (`?next=`, on this site only) or to their account.
 */
export default function LoginForm({ labelledBy }: { labelledBy: string }) {
  const query = usePageQuery();
  const next = query?.get('next') ?? null;
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | undefined>();
  const [linkPending, setLinkPending] = useState(false);
  const form = useSchemaForm({
    schema: loginSchema,
    endpoint: apiRoutes.login,
    onAccepted: () => {
      window.location.assign(safeReturnPath(next));
    },
  });

  async function emailLink() {
    const parsed = emailLinkSchema.safeParse({ email: form.values.email, next: next ?? undefined });
    if (!parsed.success) {
      setLinkProblem('Type your email address above first, then ask for the link.');
      form.leave('email');
      return;
    }
    setLinkPending(true);
    setLinkProblem(undefined);
    const answer = await requestJson(apiRoutes.emailLink, linkSentAnswerSchema, {
      method: 'POST',
      body: parsed.data,
    });
    setLinkPending(false);
    if (answer.ok) setLinkSentTo(answer.data.email);
    else setLinkProblem(answer.message);
  }

  if (linkSentTo) {
    return (
      <EmailCodeEntry
        email={linkSentTo}
        next={next}
        heading="Check your inbox"
        promise="Open the link, here or in your mail app, and you are signed in."
      />
    );
  }

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
      <div className="form-alternative">
        <p>No password, or forgotten it? We can email you a link that signs you in.</p>
        {linkProblem && (
          <p className="form__message" role="alert">
            {linkProblem}
          </p>
        )}
        <button
          className="button button--ghost"
          type="button"
          onClick={() => void emailLink()}
          disabled={linkPending || !form.hydrated}
          aria-busy={linkPending}
        >
          {linkPending ? 'Sending the link…' : 'Email me a sign-in link'}
        </button>
      </div>
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
