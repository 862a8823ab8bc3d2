import type {
  ConfirmedAnswer,
  EmailCode,
  EmailLinkRequest,
  LinkSentAnswer,
  LoginCredentials,
  PasswordChangedAnswer,
  PasswordReset,
  RegisteredAnswer,
  Registration,
  ResetRequestedAnswer,
  SignedInAnswer,
  VerifyEmail,
} from '../../features/auth/auth-contract.ts';
import { paths, plainReturnPath } from '../../lib/paths.ts';
import {
  authRateLimit,
  countRateLimitHit,
  enforceRateLimit,
  refuseWhenLimitReached,
} from '../http/rate-limit.ts';
import { Refusal } from '../refusal.ts';
import { authProvider } from './auth.ts';
import { AuthFailure, type Session } from './auth-provider.ts';
import { findGuessablePassword } from './password-policy.ts';
import { findRegisteredAccount, rememberRegisteringBrowser } from './registering-browsers.ts';
import { findTrustedDevice, trustDevice } from './trusted-devices.ts';

/** Refuses the password field when the long lists find it too easy to guess. */
function refuseGuessablePassword(password: string, person: { email?: string; name?: string } = {}) {
  const problem = findGuessablePassword(password, person);
  if (problem) throw new Refusal('invalid', 'Some fields need your attention.', { password: problem });
}

/** Counts the attempt against the account, so one address cannot be tried from many clients. */
const limitAccountAttempts = (action: string, email: string) =>
  enforceRateLimit(authRateLimit(action, 'account'), email.toLowerCase());

/**
 * Opens an account and emails the link that confirms it; answers the secret of the browser's
 * `kv_registering` cookie, which lets that link sign this browser in (registering-browsers.ts).
 */
export async function registerAccount(
  registration: Registration,
): Promise<{ answer: RegisteredAnswer; browserSecret: string }> {
  refuseGuessablePassword(registration.password, registration);
  await limitAccountAttempts('register', registration.email);
  await authProvider().register(registration);
  // Remembered whether or not the address had an account, so the answer cannot tell them apart either.
  const browserSecret = await rememberRegisteringBrowser(registration.email);
  // The same answer whether or not the address already had an account (its owner gets an email).
  return { answer: { status: 'confirmation_sent', email: registration.email }, browserSecret };
}

/**
 * Confirms the address an emailed token was sent to, and signs in the browser that registered it (its
 * `kv_registering` cookie, registering-browsers.ts), which is then back where it was going in one tap.
 * `onlyWhereRegistered` is the page's own call as it opens: from a browser with no such proof (another
 * device, a mail scanner that runs scripts) it changes nothing, and the guest's press of the button
 * confirms. A browser that registered another address confirms this one without being signed in, as
 * its button would: only the address a browser registered can sign it in.
 */
export async function confirmEmail(
  { token, onlyWhereRegistered = false }: VerifyEmail,
  browserSecret: string | undefined,
): Promise<{ answer: ConfirmedAnswer; session: Session | null }> {
  const registered = await findRegisteredAccount(browserSecret);
  if (onlyWhereRegistered && !registered) return { answer: { status: 'press_to_confirm' }, session: null };
  // A press of the page's button is a person holding the mailbox's link: that browser is signed in,
  // as the link's address (a magic link's promise, and Supabase Auth's own). Opened without a press,
  // only the browser that asked for the link is.
  const session = await authProvider().confirmEmail(token, {
    signInAs: registered,
    signInHere: !onlyWhereRegistered,
  });
  if (!session) return { answer: { status: 'confirmed' }, session: null };
  return { answer: { status: 'signed_in', user: session.user }, session };
}

/**
 * Emails a sign-in link and its code to `email` (making its account, passwordless, when `name` is given
 * for a new guest's booking), and answers the secret of the browser's `kv_registering` cookie, which lets
 * that link sign this browser in without a press. Counted per address (the caller's frame) and per
 * account here; the mailbox caps are the provider's. The answer never says whether the address had an
 * account.
 */
export async function requestSignInLink(
  { email, next }: EmailLinkRequest,
  options: { name?: string; redirect?: string; about?: string } = {},
): Promise<{ answer: LinkSentAnswer; browserSecret: string }> {
  await limitAccountAttempts('sign-in-link', email);
  await authProvider().sendSignInLink({
    email,
    name: options.name,
    createAccount: Boolean(options.name),
    redirect:
      options.redirect ?? `${paths.verifyEmail}?${new URLSearchParams({ next: plainReturnPath(next) })}`,
    about: options.about,
  });
  const browserSecret = await rememberRegisteringBrowser(email);
  return { answer: { status: 'link_sent', email }, browserSecret };
}

/**
 * Signs this browser in with the six-digit code of a sign-in link. Wrong codes count against the
 * account (as wrong passwords do) and against the link itself, which stops after five.
 */
export async function signInWithEmailCode({ email, code }: EmailCode): Promise<Session> {
  const failures = authRateLimit('email-code', 'account');
  const account = email.toLowerCase();
  await refuseWhenLimitReached(failures, account);
  try {
    return await authProvider().signInWithCode({ email, code });
  } catch (error) {
    if (error instanceof AuthFailure && error.code === 'invalid_token')
      await countRateLimitHit(failures, account);
    throw error;
  }
}

/**
 * Signs in, and trusts the browser it happened on. Only wrong passwords count against an account, and
 * those on a browser its owner signed in on before count apart: failures from elsewhere lock new
 * browsers out for the window, never the owner's own.
 */
export async function signIn(
  credentials: LoginCredentials,
  presentedDevice: string | undefined,
): Promise<{ answer: SignedInAnswer; session: Session; trustedDevice: string }> {
  const account = credentials.email.toLowerCase();
  const device = await findTrustedDevice(presentedDevice, account);
  const [failures, counted] = device
    ? [authRateLimit('login', 'device'), device]
    : [authRateLimit('login', 'account'), account];
  await refuseWhenLimitReached(failures, counted);
  try {
    const session = await authProvider().signIn(credentials);
    const trustedDevice = await trustDevice(presentedDevice, account);
    return { answer: { user: session.user }, session, trustedDevice };
  } catch (error) {
    if (error instanceof AuthFailure && error.code === 'invalid_credentials') {
      await countRateLimitHit(failures, counted);
    }
    throw error;
  }
}

/** Ends the session the tokens belong to; one the provider cannot end expires on its own. */
export async function endSession(tokens: { accessToken: string; refreshToken: string | undefined }) {
  await authProvider()
    .signOut(tokens)
    .catch((error) => {
      if (!(error instanceof AuthFailure)) throw error;
    });
}

/** Emails a reset link when the address has an account; the answer never says whether it has. */
export async function requestPasswordReset(email: string): Promise<ResetRequestedAnswer> {
  await limitAccountAttempts('forgot-password', email);
  await authProvider().requestPasswordReset(email);
  return { status: 'sent_if_registered' };
}

/** Sets a new password with an emailed token. */
export async function resetPassword(reset: PasswordReset): Promise<PasswordChangedAnswer> {
  refuseGuessablePassword(reset.password);
  await authProvider().resetPassword(reset);
  return { status: 'password_changed' };
}
