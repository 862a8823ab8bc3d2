import content from '../../content/site.json' with { type: 'json' };
import { plainReturnPath } from '../../lib/paths.ts';
import type { Email } from '../email/email.ts';

const { site } = content;

/** The messages the embedded auth sends. On Supabase, its email templates say the same (README). */

const signature = `\n\n${site.brand}\n${site.office.email} · ${site.office.phone}\n`;

/**
 * Goes to an address nobody has confirmed, on the request of whoever typed it: so it carries nothing
 * they wrote. It greets without the name, and its link keeps `next` only when that is a plain path of
 * the site's (`plainReturnPath`).
 */
export function confirmEmailMessage(to: string, token: string, siteUrl: string, next: string): Email {
  const link = `${siteUrl}/verify-email?${new URLSearchParams({ token, next: plainReturnPath(next) })}`;
  return {
    to,
    subject: `Confirm your email address for ${site.brand}`,
    text: `Hello,\n\nPlease confirm your email address to finish creating your account:\n\n${link}\n\nThe link works once and for 24 hours. If you did not create an account, ignore this email.${signature}`,
  };
}

export function existingAccountMessage(to: string, siteUrl: string): Email {
  return {
    to,
    subject: `You already have an account with ${site.brand}`,
    text: `Hello,\n\nSomeone, probably you, tried to create an account with this email address, which already has one. Sign in at ${siteUrl}/login, or reset your password at ${siteUrl}/forgot-password.\n\nIf it was not you, nothing has changed and you can ignore this email.${signature}`,
  };
}

/** Greets by `name` only when given: the name of a confirmed account, which its owner chose. */
export function resetPasswordMessage(
  to: string,
  name: string | undefined,
  token: string,
  siteUrl: string,
): Email {
  const link = `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${site.brand} password`,
    text: `Hello${name ? ` ${name}` : ''},\n\nOpen this link to choose a new password:\n\n${link}\n\nThe link works once and for one hour. If you did not ask for it, ignore this email; your password stays as it is.${signature}`,
  };
}

export function noAccountMessage(to: string, siteUrl: string): Email {
  return {
    to,
    subject: `Password reset requested at ${site.brand}`,
    text: `Hello,\n\nSomeone, probably you, asked to reset the password of an account with this email address, but there is no account with it. You can create one at ${siteUrl}/register, or try the address you registered with.\n\nIf it was not you, you can ignore this email.${signature}`,
  };
}
