import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../features/auth/auth-contract.ts';
import type { EdgeContext } from '../http/edge-context.ts';
import { endpoint, withCookies } from '../http/endpoint.ts';
import {
  authRateLimit,
  countRateLimitHit,
  enforceRateLimit,
  refuseWhenLimitReached,
} from '../http/rate-limit.ts';
import { clientAddress, readBody } from '../http/request.ts';
import { HttpError, json } from '../http/responses.ts';
import { validate } from '../http/validate.ts';
import { authProvider } from './auth.ts';
import { AuthFailure } from './auth-provider.ts';
import { findGuessablePassword } from './password-policy.ts';
import {
  accessCookie,
  clearedSessionCookies,
  deviceCookie,
  readCookie,
  refreshCookie,
  resolveVisitor,
  sessionCookies,
  trustedDeviceCookie,
} from './session.ts';
import { findTrustedDevice, trustDevice } from './trusted-devices.ts';

/** The API of DESIGN §7 for accounts and sessions. Each handler is one Netlify function. */

async function readJson(request: Request): Promise<unknown> {
  const body = await readBody(request);
  return body.value;
}

/** Counts the attempt against the caller's address and, when known, against the account. */
async function limitAttempts(action: string, context: EdgeContext, email?: string) {
  await enforceRateLimit(authRateLimit(action, 'client'), clientAddress(context));
  if (email) await enforceRateLimit(authRateLimit(action, 'account'), email.toLowerCase());
}

/** An AuthFailure as the answer a person can act on. */
function refusal(failure: AuthFailure): HttpError {
  switch (failure.code) {
    case 'invalid_credentials':
      return new HttpError(401, 'invalid_credentials', failure.message);
    case 'email_not_confirmed':
      return new HttpError(403, 'email_not_confirmed', failure.message);
    case 'invalid_token':
      return new HttpError(400, 'invalid_token', failure.message);
    case 'weak_password':
      return new HttpError(422, 'validation_failed', 'Some fields need your attention.', {
        password: failure.message,
      });
    case 'email_taken':
      return new HttpError(409, 'conflict', failure.message);
    case 'session_expired':
      return new HttpError(401, 'unauthorized', failure.message);
  }
}

/** 422 on the password field when the long lists find it too easy to guess. */
function refuseGuessablePassword(password: string, context: { email?: string; name?: string } = {}) {
  const problem = findGuessablePassword(password, context);
  if (problem) {
    throw new HttpError(422, 'validation_failed', 'Some fields need your attention.', { password: problem });
  }
}

async function asRefusal<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof AuthFailure ? refusal(error) : error;
  }
}

export const register = endpoint(['POST'], async (request, context) => {
  const raw = await readJson(request);
  await limitAttempts('register', context);
  const input = validate(registerSchema, raw);
  refuseGuessablePassword(input.password, input);
  await limitAttempts('register', context, input.email);
  await asRefusal(authProvider().register(input));
  // The same answer whether or not the address already had an account (its owner gets an email).
  return json({ status: 'confirmation_sent', email: input.email }, 201);
});

export const verifyEmail = endpoint(['POST'], async (request, context) => {
  const raw = await readJson(request);
  await limitAttempts('verify-email', context);
  const { token } = validate(verifyEmailSchema, raw);
  await asRefusal(authProvider().confirmEmail(token));
  return json({ status: 'confirmed' });
});

export const login = endpoint(['POST'], async (request, context) => {
  const raw = await readJson(request);
  await limitAttempts('login', context);
  const input = validate(loginSchema, raw);
  // Only wrong passwords count against an account, and those on a browser its owner signed in on before
  // count apart: failures from elsewhere lock new browsers out for the window, never the owner's own.
  const account = input.email.toLowerCase();
  const presented = readCookie(request, deviceCookie);
  const device = await findTrustedDevice(presented, account);
  const [failures, counted] = device
    ? [authRateLimit('login', 'device'), device]
    : [authRateLimit('login', 'account'), account];
  await refuseWhenLimitReached(failures, counted);
  try {
    const session = await authProvider().signIn(input);
    const trusted = await trustDevice(presented, account);
    return withCookies(json({ user: session.user }), [
      ...sessionCookies(request, session),
      trustedDeviceCookie(request, trusted),
    ]);
  } catch (error) {
    if (!(error instanceof AuthFailure)) throw error;
    if (error.code === 'invalid_credentials') await countRateLimitHit(failures, counted);
    throw refusal(error);
  }
});

export const logout = endpoint(['POST'], async (request) => {
  const accessToken = readCookie(request, accessCookie);
  const refreshToken = readCookie(request, refreshCookie);
  if (accessToken || refreshToken) {
    await authProvider()
      .signOut({ accessToken: accessToken ?? '', refreshToken })
      .catch((error) => {
        // The cookies go either way; a session the server cannot end now expires on its own.
        if (!(error instanceof AuthFailure)) throw error;
      });
  }
  return withCookies(json({ status: 'signed_out' }), clearedSessionCookies(request));
});

export const forgotPassword = endpoint(['POST'], async (request, context) => {
  const raw = await readJson(request);
  await limitAttempts('forgot-password', context);
  const { email } = validate(forgotPasswordSchema, raw);
  await limitAttempts('forgot-password', context, email);
  await authProvider().requestPasswordReset(email);
  // Never says whether the address has an account.
  return json({ status: 'sent_if_registered' }, 202);
});

export const resetPassword = endpoint(['POST'], async (request, context) => {
  const raw = await readJson(request);
  await limitAttempts('reset-password', context);
  const input = validate(resetPasswordSchema, raw);
  refuseGuessablePassword(input.password);
  await asRefusal(authProvider().resetPassword(input));
  return withCookies(json({ status: 'password_changed' }), clearedSessionCookies(request));
});

export const session = endpoint(['GET'], async (request) => {
  const { visitor, cookies } = await resolveVisitor(request);
  // 200 either way: a signed-out visitor is not an error, and browsers log failed requests.
  return withCookies(json({ user: visitor?.user ?? null }), cookies);
});
