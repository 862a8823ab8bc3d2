import type { SessionUser } from '../../features/auth/auth-contract.ts';
import type { JwtClaims } from '../db/database.ts';

/** A signed-in session: what the cookies carry. */
export type Session = {
  accessToken: string;
  refreshToken: string;
  /** Seconds since the epoch when the access token stops being accepted. */
  expiresAt: number;
  user: AccountUser;
};

/** The account as the screens see it; `isAdmin` comes from app_metadata.role, which only the server sets. */
export type AccountUser = SessionUser;

export type AuthFailureCode =
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'email_taken'
  | 'weak_password'
  | 'invalid_token'
  | 'session_expired';

/** A refusal the person can act on; the API maps it to 400/401/403/409. */
export class AuthFailure extends Error {
  override name = 'AuthFailure';
  readonly code: AuthFailureCode;
  constructor(code: AuthFailureCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Accounts and sessions, implemented twice with one behaviour: Supabase Auth in production
 * (supabase-auth.ts) and the embedded auth on the project's own database (embedded-auth.ts).
 * Links in emails point at the site (`/verify-email?token=…&next=…`, `/reset-password?token=…`); `next`
 * is where the guest was going (a booking form) before they had to register.
 */
export interface AuthProvider {
  /** Creates an unconfirmed account and emails a confirmation link. AuthFailure 'email_taken' if it exists. */
  register(input: { name: string; email: string; password: string; next: string }): Promise<void>;
  /**
   * Confirms the email from the link's token (single use, expiring). AuthFailure 'invalid_token'. With
   * `signInAs`, the address the caller proved it registered on this browser (registering-browsers.ts),
   * answers a session when the confirmed account has that address; `signInHere`, a person's press of
   * the page's button, answers one whatever browser it is; otherwise answers null and leaves nobody
   * signed in.
   */
  confirmEmail(
    token: string,
    options?: { signInAs?: string | undefined; signInHere?: boolean },
  ): Promise<Session | null>;
  /**
   * Emails a sign-in link (to `redirect`, a path of the site with its query, which the token is added to)
   * and its six-digit code, both single use and good for an hour; opening either confirms the address.
   * With `createAccount`, an address without an account gets one, with `name` and no password; without
   * it, such an address is told by email that it has none. `about` says in the embedded auth's email
   * what the link will do (Supabase's template has its own words). Capped per mailbox like every
   * account email; the answer is the same in every case.
   */
  sendSignInLink(input: {
    email: string;
    name?: string | undefined;
    createAccount: boolean;
    redirect: string;
    about?: string | undefined;
  }): Promise<void>;
  /** A session from the six-digit code of the newest sign-in link; AuthFailure 'invalid_token'. */
  signInWithCode(input: { email: string; code: string }): Promise<Session>;
  /** AuthFailure 'invalid_credentials' or 'email_not_confirmed'. */
  signIn(input: { email: string; password: string }): Promise<Session>;
  /** Swaps a refresh token for a new session; the old refresh token stops working. */
  refresh(refreshToken: string): Promise<Session>;
  /** Ends the session on the server: its refresh token no longer works. */
  signOut(session: { accessToken: string; refreshToken?: string }): Promise<void>;
  /** Emails a reset link if the account exists (the embedded auth tells an address without one so, with the same work); the answer is the same either way. */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets a new password from the emailed token (single use, expiring) and ends every session. */
  resetPassword(input: { token: string; password: string }): Promise<void>;
  /** The claims of a valid, unexpired access token, checked for signature, audience, issuer and role. */
  verifyAccessToken(accessToken: string): Promise<JwtClaims>;
  /** app_metadata.role as the account has it now in the database (a token's copy can be an hour old). */
  readCurrentRole(userId: string): Promise<string | undefined>;
}
