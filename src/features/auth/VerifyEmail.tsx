import { useEffect, useRef, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { paths, safeReturnPath } from '../../lib/paths.ts';
import { requestJson } from '../api/client.ts';
import { confirmedAnswerSchema, verifyEmailSchema } from './auth-contract.ts';
import { registerPath, signInPath } from './auth-links.ts';
import { OutcomePanel } from './OutcomePanel.tsx';
import { leadOn } from './signed-in-answer.ts';
import { usePageQuery } from './use-page-query.ts';

type Step = 'opening' | 'ready' | 'pending' | 'confirmed' | 'signed_in' | 'not_sent' | 'invalid' | 'failed';

const networkFailure = 'We could not reach our server. Check your connection and press the button again.';

/**
 * The page the confirmation and sign-in emails link to, and "check your inbox" after registering. With
 * a token it first asks the server to confirm only if this is the browser that asked for the link:
 * there the guest is confirmed, signed in and sent on to where they were going (a booking typed before
 * is sent), with no other tap. Anywhere else that question changes nothing (mail scanners open links to
 * inspect them, and must not use them up), and the page waits for a press of its one button, which
 * confirms, signs that browser in and leads on the same way.
 */
export default function VerifyEmail({ headingId }: { headingId: string }) {
  const query = usePageQuery();
  const token = query?.get('token') ?? '';
  const email = query?.get('email') ?? '';
  const next = query?.get('next') ? safeReturnPath(query.get('next')) : null;
  const request = query?.get('request') ?? undefined;
  const [step, setStep] = useState<Step>('opening');
  const [problem, setProblem] = useState('');
  const [retryPath, setRetryPath] = useState<string>(paths.booking);
  const sending = useRef(false);

  async function confirm(onlyWhereRegistered: boolean) {
    if (sending.current) return;
    const parsed = verifyEmailSchema.safeParse({ token, onlyWhereRegistered, request });
    if (!parsed.success) {
      setStep('invalid');
      return;
    }
    sending.current = true;
    setStep(onlyWhereRegistered ? 'opening' : 'pending');
    const answer = await requestJson(apiRoutes.verifyEmail, confirmedAnswerSchema, {
      method: 'POST',
      body: parsed.data,
    });
    sending.current = false;
    if (answer.ok && answer.data.status === 'signed_in') {
      const way = leadOn(answer.data, next);
      if ('go' in way) {
        setStep('signed_in');
        window.location.replace(way.go);
      } else {
        setProblem(way.problem);
        setRetryPath(way.retryPath);
        setStep('not_sent');
      }
      return;
    }
    if (answer.ok || answer.status === 400) {
      setStep(answer.ok ? (answer.data.status === 'confirmed' ? 'confirmed' : 'ready') : 'invalid');
      setProblem(answer.ok ? '' : answer.message);
      return;
    }
    // Status 0: the server was never reached, and the button is what to try again.
    setProblem(answer.status === 0 ? networkFailure : answer.message);
    setStep('failed');
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, as the page opens with its token.
  useEffect(() => {
    if (token) void confirm(true);
  }, [token]);

  if (!token) {
    return (
      <>
        <h1 id={headingId}>Check your inbox</h1>
        <p>
          We have sent a confirmation link to{' '}
          {email ? <strong>{email}</strong> : 'the address you registered with'}. Open it in this browser and
          it confirms your address, signs you in and brings you back at once. Opened in your mail app or on
          another device, it asks you to press one button, then signs you in there and brings you back. The
          link works once, for 24 hours.
        </p>
        <p>
          Nothing there after a few minutes? Look in your spam folder, or{' '}
          <a href={registerPath(next)}>register again</a> to get a new link.
        </p>
      </>
    );
  }

  if (step === 'confirmed') {
    return (
      <>
        <h1 id={headingId}>Confirm your email address</h1>
        <OutcomePanel heading="Email confirmed">
          <p>
            Thank you. Your account is ready. This browser asked for a link to another address, so it is not
            signed in: sign in to continue.
          </p>
          <p>
            <a className="button button--primary" href={signInPath(next)}>
              Sign in
            </a>
          </p>
        </OutcomePanel>
      </>
    );
  }

  if (step === 'not_sent') {
    return (
      <>
        <h1 id={headingId}>Email confirmed</h1>
        <OutcomePanel heading="You are signed in, but the request was not sent" tone="problem">
          <p>{problem}</p>
          <p>
            <a className="button button--primary" href={retryPath}>
              Back to the booking form
            </a>
          </p>
        </OutcomePanel>
      </>
    );
  }

  if (step === 'invalid') {
    return (
      <>
        <h1 id={headingId}>Confirm your email address</h1>
        <OutcomePanel heading="This link no longer works" tone="problem">
          <p>
            {problem || 'This link is invalid, already used or expired.'} Each link works once (a sign-in link
            for an hour, a registration's for 24 hours): if you used it already, you are confirmed, and a
            booking it carried was sent; sign in to see it. Otherwise ask for a new link from the sign-in
            page.
          </p>
          <p className="actions">
            <a className="button button--primary" href={signInPath(next)}>
              Sign in
            </a>
            <a className="button button--ghost" href={registerPath(next)}>
              Register again
            </a>
          </p>
        </OutcomePanel>
      </>
    );
  }

  if (step === 'opening' || step === 'signed_in') {
    return (
      <>
        <h1 id={headingId}>Confirm your email address</h1>
        <p role="status">
          {step === 'signed_in' ? 'Email confirmed. Taking you back…' : 'Opening your link…'}
        </p>
      </>
    );
  }

  const pending = step === 'pending';
  return (
    <>
      <h1 id={headingId}>Confirm your email address</h1>
      <p>
        {request
          ? 'One step left: press the button to confirm that this address is yours. This signs you in here and sends your booking request.'
          : 'One step left: press the button to confirm that this address is yours. This signs you in here and takes you on.'}
      </p>
      {step === 'failed' && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      <button
        className="button button--primary"
        type="button"
        onClick={() => confirm(false)}
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? 'Confirming…' : request ? 'Confirm and send my request' : 'Confirm my email'}
      </button>
    </>
  );
}
