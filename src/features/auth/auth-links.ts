import { paths } from '../../lib/paths.ts';

/** Links between the account screens that carry where the guest was going (`next`) along. */

const withNext = (path: string, next: string | null | undefined) =>
  next ? `${path}?${new URLSearchParams({ next })}` : path;

/** The sign-in page, returning to `next` afterwards. */
export const signInPath = (next?: string | null) => withNext(paths.login, next);

/** The registration page; the confirmation email then leads to sign-in with the same `next`. */
export const registerPath = (next?: string | null) => withNext(paths.register, next);

/** The "check your inbox" page, naming the address the link went to. */
export const checkInboxPath = (email: string) => `${paths.verifyEmail}?${new URLSearchParams({ email })}`;
