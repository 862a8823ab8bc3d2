import { z } from 'zod';
import { emailAddress, personName } from '../../lib/form-fields.ts';
import { findPasswordProblem } from '../../lib/password-strength.ts';
import { safeReturnPath } from '../../lib/paths.ts';

/** What the auth screens send, checked the same way in the browser and by the API. */

const withoutNul = (value: string) => !value.includes('\u0000');

/** A new password: long enough to resist guessing; not trimmed, since spaces are allowed in passphrases. */
export const newPassword = z
  .string({ error: 'Choose a password' })
  .min(1, 'Choose a password')
  .min(10, 'Use at least 10 characters')
  .max(128, 'Use at most 128 characters')
  .refine((value) => value.trim().length > 0, 'A password cannot be only spaces')
  .refine(withoutNul, 'Remove the invisible control character from the password')
  // Past the length rules only, so a short password hears about its length first.
  .superRefine((value, context) => {
    if (value.length < 10 || value.length > 128) return;
    const problem = findPasswordProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const currentPassword = z
  .string({ error: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(1024, 'That password is too long')
  // No password holds one (newPassword refuses it), and scrypt would read 'secret' and 'secret\0' alike.
  .refine(withoutNul, 'Remove the invisible control character from the password');

/** The opaque token from an emailed link. */
const emailedToken = z
  .string({ error: 'This link is incomplete. Open the link from the email again.' })
  .trim()
  .min(20, 'This link is incomplete. Open the link from the email again.')
  .max(200, 'This link is not one we sent.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not one we sent.');

/** Where to return after the email is confirmed and the guest signs in; anything off-site becomes /account. */
const returnPath = z
  .string()
  .optional()
  .transform((value) => safeReturnPath(value));

export const registerSchema = z
  .object({
    name: personName,
    email: emailAddress,
    password: newPassword,
    next: returnPath,
  })
  // The password against the person's own email address and name, which the field alone cannot see.
  .superRefine(({ name, email, password }, context) => {
    const problem = findPasswordProblem(password, { email, name });
    if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export const loginSchema = z.object({ email: emailAddress, password: currentPassword });
export const forgotPasswordSchema = z.object({ email: emailAddress });
export const resetPasswordSchema = z.object({ token: emailedToken, password: newPassword });
/** `POST /api/auth/email-link`: "Email me a sign-in link", back to `next` once opened. */
export const emailLinkSchema = z.object({ email: emailAddress, next: returnPath });

/** The six digits of a sign-in email, typed with or without spaces. */
export const emailedCode = z
  .string({ error: 'Type the six-digit code from the email' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Type the six-digit code from the email')
      .regex(/^\d{6}$/, 'The code is six digits, like 042817'),
  );

/** The booking typed before the email was confirmed, sent once the link or its code signs its guest in. */
export const unconfirmedRequestId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.uuid('This link is not one we sent.').optional(),
);

/** `POST /api/auth/email-code`: the code of a sign-in email, typed where it was asked for. */
export const emailCodeSchema = z.object({
  email: emailAddress,
  code: emailedCode,
  request: unconfirmedRequestId,
});

export const verifyEmailSchema = z.object({
  token: emailedToken,
  request: unconfirmedRequestId,
  /**
   * Set by the page as it opens, before anyone presses its button: confirm only in the browser that
   * registered something (and sign in there, when it registered this address); from a browser that
   * registered nothing, answer `press_to_confirm` and change nothing.
   */
  onlyWhereRegistered: z.boolean().optional(),
});

export type Registration = z.infer<typeof registerSchema>;
export type LoginCredentials = z.infer<typeof loginSchema>;
export type PasswordReset = z.infer<typeof resetPasswordSchema>;
export type VerifyEmail = z.infer<typeof verifyEmailSchema>;
export type EmailLinkRequest = z.infer<typeof emailLinkSchema>;
export type EmailCode = z.infer<typeof emailCodeSchema>;

/** `POST /api/auth/email-link` (202), and a booking's first post: the same whether or not the address has an account. */
export const linkSentAnswerSchema = z.object({ status: z.literal('link_sent'), email: z.string() });
export type LinkSentAnswer = z.infer<typeof linkSentAnswerSchema>;

/**
 * What became of the booking typed before its email was confirmed, once the link or code signed its
 * guest in: sent (a request, or an instant booking whose nights are held while `payUrl` takes the
 * deposit), or not, in words, with the form to try again from (dates taken meanwhile, a day gone by).
 */
export const sentBookingSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('sent'), reference: z.string(), payUrl: z.string().optional() }),
  z.object({ outcome: z.literal('not_sent'), message: z.string(), retryPath: z.string() }),
]);
export type SentBooking = z.infer<typeof sentBookingSchema>;

/** Who is signed in, as the API tells the screens. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/auth/session`: who is signed in, or null (a 200 either way, so browsers log nothing). */
export const sessionAnswerSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** `POST /api/auth/login`: the account signed in (the session itself travels as HttpOnly cookies). */
export const signedInAnswerSchema = z.object({ user: sessionUserSchema });
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;

/** `POST /api/auth/register` (201): the same whether or not the address already had an account. */
export const registeredAnswerSchema = z.object({ status: z.literal('confirmation_sent'), email: z.string() });
export type RegisteredAnswer = z.infer<typeof registeredAnswerSchema>;
/**
 * `POST /api/auth/verify-email`: `signed_in` when the browser that registered opened the link (the
 * session travels as cookies), `confirmed` when it was confirmed elsewhere, `press_to_confirm` when the
 * page asked `onlyWhereRegistered` from another browser and nothing changed.
 */
export const confirmedAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('confirmed') }),
  z.object({
    status: z.literal('signed_in'),
    user: sessionUserSchema,
    booking: sentBookingSchema.optional(),
  }),
  z.object({ status: z.literal('press_to_confirm') }),
]);
export type ConfirmedAnswer = z.infer<typeof confirmedAnswerSchema>;
/** `POST /api/auth/logout`. */
export const signedOutAnswerSchema = z.object({ status: z.literal('signed_out') });
export type SignedOutAnswer = z.infer<typeof signedOutAnswerSchema>;
/** `POST /api/auth/forgot-password` (202): never says whether the address has an account. */
export const resetRequestedAnswerSchema = z.object({ status: z.literal('sent_if_registered') });
export type ResetRequestedAnswer = z.infer<typeof resetRequestedAnswerSchema>;
/** `POST /api/auth/reset-password`. */
export const passwordChangedAnswerSchema = z.object({ status: z.literal('password_changed') });
export type PasswordChangedAnswer = z.infer<typeof passwordChangedAnswerSchema>;
