import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { claimRecipientSlot, queueCappedEmail } from '../email/recipient-caps.ts';
import {
  confirmEmailMessage,
  existingAccountMessage,
  noAccountMessage,
  noAccountSignInMessage,
  resetPasswordMessage,
  signInLinkMessage,
} from './auth-emails.ts';
import { type AccountUser, AuthFailure, type AuthProvider, type Session } from './auth-provider.ts';
import {
  confirmRegistration,
  createEmailToken,
  createSignInToken,
  type EmailPurpose,
  endAllSessions,
  endSession,
  endSessionOfRefreshToken,
  findLiveSessionUser,
  findUserByEmail,
  findUserById,
  insertSession,
  insertUser,
  isSessionLive,
  issueRefreshToken,
  readRole,
  retireEmailTokens,
  setPassword,
  spendEmailToken,
  spendRefreshToken,
  spendSignInCode,
  type UserRow,
  wasEmailTokenUsed,
} from './embedded-auth-repository.ts';
import {
  readSessionId,
  readSigningKey,
  refreshTokenDays,
  signAccessToken,
  verifySignedClaims,
} from './embedded-tokens.ts';
import { hashPassword, spendTheTimeOfAPasswordCheck, verifyPassword } from './passwords.ts';

const emailLinkHours: Record<EmailPurpose, number> = { confirm_email: 24, reset_password: 1, sign_in: 1 };
// Two requests that find the access token expired at once both refresh with the same token; the second
// must not sign the person out. GoTrue allows the same 10-second grace.
const refreshReuseSeconds = 10;

const sessionEnded = () =>
  new AuthFailure('session_expired', 'Your session has ended. Please sign in again.');

function toAccountUser(row: Pick<UserRow, 'id' | 'email' | 'name' | 'app_metadata'>): AccountUser {
  return { id: row.id, email: row.email, name: row.name, isAdmin: row.app_metadata.role === 'admin' };
}

/** What an opened link says when opened again: the guest has done this already, and may sign in. */
export const usedLink = 'This link has been used already. Sign in to continue.';

export const wrongCode =
  'That code is not the one we sent, or it has expired. Check the newest email from us, or ask for a new code.';

/** Spends an emailed link, or refuses an unknown, used or expired one. */
async function openEmailLink(tx: Transaction, token: string, purposes: readonly EmailPurpose[]) {
  const link = await spendEmailToken(tx, token, purposes);
  if (!link && (await wasEmailTokenUsed(tx, token, purposes))) {
    throw new AuthFailure('invalid_token', usedLink);
  }
  if (!link) {
    throw new AuthFailure(
      'invalid_token',
      'This link is invalid, already used or expired. Ask for a new one.',
    );
  }
  return link;
}

/** A session's answer: a new refresh token and an access token signed with `key`. */
async function issueSession(
  tx: Transaction,
  key: Uint8Array,
  user: UserRow,
  sessionId: string,
): Promise<Session> {
  const refreshToken = await issueRefreshToken(tx, sessionId, refreshTokenDays);
  const access = await signAccessToken(key, user, sessionId);
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt, user: toAccountUser(user) };
}

/** Accounts and sessions on the project's own database, for when Supabase is not configured. */
export const embeddedAuth: AuthProvider = {
  async register({ name, email, password, next }) {
    const passwordHash = await hashPassword(password);
    const queued = await withCaller(serviceRole, async (tx) => {
      const existing = await findUserByEmail(tx, email);
      // Same answer whether or not the address has an account, so sign-up cannot be used to find out
      // who has one; the owner of the address learns of the attempt by email instead (once a day).
      if (existing?.email_confirmed_at) {
        return queueCappedEmail(tx, 'existing_account', existingAccountMessage(existing.email, siteUrl()));
      }
      // An unconfirmed account is left as it is: whoever registers an address may not be its owner. The
      // link carries this registration's password and name, and only opening it applies them. Both are
      // made even when the mailbox's cap holds the email back: a capped sign-up leaves the database as
      // an uncapped one does, bar the email.
      const userId = existing?.id ?? (await insertUser(tx, { email, name, passwordHash }));
      const token = await createEmailToken(tx, {
        userId,
        purpose: 'confirm_email',
        hours: emailLinkHours.confirm_email,
        registration: { passwordHash, name },
      });
      return queueCappedEmail(tx, 'confirm_email', confirmEmailMessage(email, token, siteUrl(), next));
    });
    if (queued) await deliverQueuedEmails([queued]);
  },

  async confirmEmail(token, { signInAs, signInHere = false } = {}) {
    const key = signInAs || signInHere ? await readSigningKey() : undefined;
    return withCaller(serviceRole, async (tx) => {
      // A sign-in link confirms the address it went to as a confirmation link does.
      const link = await openEmailLink(tx, token, ['confirm_email', 'sign_in']);
      await confirmRegistration(tx, {
        userId: link.user_id,
        passwordHash: link.password_hash,
        name: link.name,
      });
      // The other registrations of the address (perhaps not the owner's) can no longer be confirmed.
      await retireEmailTokens(tx, link.user_id, ['confirm_email', 'sign_in']);
      if (!key) return null;
      const user = await findUserById(tx, link.user_id);
      if (!user) return null;
      if (!signInHere && user.email.toLowerCase() !== signInAs?.toLowerCase()) return null;
      return issueSession(tx, key, user, await insertSession(tx, user.id));
    });
  },

  async sendSignInLink({ email, name, createAccount, redirect, about }) {
    const queued = await withCaller(serviceRole, async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (!existing && !createAccount) {
        return queueCappedEmail(tx, 'no_account', noAccountSignInMessage(email, siteUrl()));
      }
      // Held back by the mailbox's caps, nothing is made: the links mailed before still work.
      if (!(await claimRecipientSlot(tx, 'sign_in_link', email))) return undefined;
      // A new account has the name typed with it and no password; an unconfirmed one is left as it is
      // (its name is applied only by the registration link that carries it).
      const userId =
        existing?.id ??
        (await insertUser(tx, { email, name: name || email.split('@')[0] || email, passwordHash: null }));
      const { token, code } = await createSignInToken(tx, userId, emailLinkHours.sign_in);
      return queueEmail(
        tx,
        'sign_in_link',
        signInLinkMessage(existing?.email ?? email, { token, code, redirect, about }, siteUrl()),
      );
    });
    if (queued) await deliverQueuedEmails([queued]);
  },

  async signInWithCode({ email, code }) {
    const key = await readSigningKey();
    const session = await withCaller(serviceRole, async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || !(await spendSignInCode(tx, user.id, code))) return null;
      await confirmRegistration(tx, { userId: user.id, passwordHash: null, name: null });
      await retireEmailTokens(tx, user.id, ['confirm_email', 'sign_in']);
      const confirmed = (await findUserById(tx, user.id)) as UserRow;
      return issueSession(tx, key, confirmed, await insertSession(tx, user.id));
    });
    // Thrown after the transaction, so a wrong code stays counted.
    if (!session) throw new AuthFailure('invalid_token', wrongCode);
    return session;
  },

  async signIn({ email, password }) {
    const user = await withCaller(serviceRole, (tx) => findUserByEmail(tx, email));
    if (!user) {
      await spendTheTimeOfAPasswordCheck(password);
      throw new AuthFailure('invalid_credentials', 'That email and password do not match an account.');
    }
    if (!user.password_hash) {
      // An account made by email alone: no password matches it, in the time a wrong one takes.
      await spendTheTimeOfAPasswordCheck(password);
      throw new AuthFailure('invalid_credentials', 'That email and password do not match an account.');
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      throw new AuthFailure('invalid_credentials', 'That email and password do not match an account.');
    }
    if (!user.email_confirmed_at) {
      throw new AuthFailure(
        'email_not_confirmed',
        'Confirm your email address first: open the link we sent you when you registered.',
      );
    }
    const key = await readSigningKey();
    return withCaller(serviceRole, async (tx) =>
      issueSession(tx, key, user, await insertSession(tx, user.id)),
    );
  },

  async refresh(refreshToken) {
    const key = await readSigningKey();
    const session = await withCaller(serviceRole, async (tx) => {
      const spent = await spendRefreshToken(tx, refreshToken, refreshReuseSeconds);
      if (!spent) return null;
      if (spent.reused) {
        // A rotated token came back after the grace: a copy of it is in someone else's hands, and nobody
        // can tell which holder is the owner, so the whole session ends, the newest tokens with it.
        await endSession(tx, spent.session_id);
        return null;
      }
      const user = await findLiveSessionUser(tx, spent.session_id);
      return user ? issueSession(tx, key, user, spent.session_id) : null;
    });
    // Thrown after the transaction, so a session ended for reuse stays ended.
    if (!session) throw sessionEnded();
    return session;
  },

  async signOut({ accessToken, refreshToken }) {
    const sessionId = await readSessionId(accessToken);
    await withCaller(serviceRole, async (tx) => {
      const ended = sessionId ? await endSession(tx, sessionId) : false;
      if (!ended && refreshToken) await endSessionOfRefreshToken(tx, refreshToken);
    });
  },

  async requestPasswordReset(email) {
    const queued = await withCaller(serviceRole, async (tx) => {
      const user = await findUserByEmail(tx, email);
      // An address without an account gets an email too: the same work and time as for one with an
      // account, so the answer's timing does not tell which addresses have accounts.
      if (!user) return queueCappedEmail(tx, 'no_account', noAccountMessage(email, siteUrl()));
      // Held back, the request leaves the links mailed before alone: the newest still works, so
      // someone else's requests never lock the owner out.
      if (!(await claimRecipientSlot(tx, 'reset_password', user.email))) return undefined;
      // One live reset link per account, the newest, as Supabase Auth keeps it.
      await retireEmailTokens(tx, user.id, ['reset_password']);
      const token = await createEmailToken(tx, {
        userId: user.id,
        purpose: 'reset_password',
        hours: emailLinkHours.reset_password,
      });
      // The name is the owner's only once the address is confirmed; before, whoever registered typed it.
      const name = user.email_confirmed_at ? user.name : undefined;
      return queueEmail(tx, 'reset_password', resetPasswordMessage(user.email, name, token, siteUrl()));
    });
    if (queued) await deliverQueuedEmails([queued]);
  },

  async resetPassword({ token, password }) {
    const passwordHash = await hashPassword(password);
    await withCaller(serviceRole, async (tx) => {
      const { user_id: userId } = await openEmailLink(tx, token, ['reset_password']);
      await setPassword(tx, userId, passwordHash);
      // No link mailed before this one may set a password or confirm a registration any more.
      await retireEmailTokens(tx, userId, ['reset_password', 'confirm_email', 'sign_in']);
      // Whoever knew the old password is signed out everywhere.
      await endAllSessions(tx, userId);
    });
  },

  async readCurrentRole(userId) {
    return withCaller(serviceRole, (tx) => readRole(tx, userId));
  },

  async verifyAccessToken(accessToken) {
    const claims = await verifySignedClaims(accessToken);
    // Logout must end the session at once, not when its last access token expires; and a session
    // belongs to one user, whatever else a token signed with our key claims.
    const live = await withCaller(serviceRole, (tx) => isSessionLive(tx, claims.session_id, claims.sub));
    if (!live) throw sessionEnded();
    return claims;
  },
};
