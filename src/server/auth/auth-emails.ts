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

/**
 * A sign-in link and its code. It may go to an address nobody has confirmed, on the request of whoever
 * typed it, so it carries nothing they wrote: `about` is the server's own sentence (a home's name and
 * dates chosen from lists), and the greeting has no name.
 */
export function signInLinkMessage(
  to: string,
  link: { token: string; code: string; redirect: string; about?: string | undefined },
  siteUrl: string,
): Email {
  const url = new URL(link.redirect, siteUrl);
  url.searchParams.set('token', link.token);
  const purpose = link.about ?? `sign in to ${site.brand}`;
  return {
    to,
    subject: `Your ${site.brand} link and code: ${link.code}`,
    text: `Hello,\n\nOpen this link to ${purpose}:\n\n${url}\n\nOr type this code on the page you asked from: ${link.code}\n\nThe link and the code work once, for one hour. If you did not ask for them, ignore this email: nothing happens until one of them is used.${signature}`,
  };
}

/** A sign-in link was asked for an address without an account: said once, with where to start. */
export function noAccountSignInMessage(to: string, siteUrl: string): Email {
  return {
    to,
    subject: `Sign-in link requested at ${site.brand}`,
    text: `Hello,\n\nSomeone, probably you, asked for a sign-in link for this email address, but there is no account with it. Your first booking request makes one: choose a home at ${siteUrl} and send it with this address.\n\nIf it was not you, you can ignore this email.${signature}`,
  };
}
