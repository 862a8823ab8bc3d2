/**
 * What of a message may travel by email. A message's text goes in the email about it, so a guest
 * reads the office's answer where it arrives; but an email is read on shared screens, forwarded and
 * kept in other companies' servers, so what would open a door or move money stays on the site: the
 * arrival pack's secrets (the Wi-Fi password, the caretaker's phone, door and key-safe codes), card
 * and bank account numbers, and passport or visa numbers. Each is replaced by a pointer to the
 * account page, where the whole message is, behind the guest's sign-in.
 */

/** What stands in an email for a detail left out of it. */
export const leftOutOfEmail = '[left out of this email: read it on your account page]';

/** Whether a run of digits passes the Luhn check every card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The code-like words of an arrival pack's text (a key-safe code "4821", a gate code "A17B#"): words
 * with a digit, four characters or more, but not a year, which a message may well name.
 */
export function findCodes(text: string): string[] {
  const words = text.match(/[A-Za-z0-9#*]*\d[A-Za-z0-9#*]*/g) ?? [];
  return words.filter((word) => word.length >= 4 && !/^(19|20|21)\d{2}$/.test(word));
}

/**
 * `text` fit for an email: each of `secrets` (the arrival pack's, matched whatever the case) and every
 * card number, bank account number (IBAN, or nine digits or more) and passport or visa number (six to
 * twenty capitals and digits, with both) replaced by `leftOutOfEmail`. `redacted` says whether any was.
 */
export function redactForEmail(
  text: string,
  secrets: readonly string[],
): { text: string; redacted: boolean } {
  let redacted = false;
  const leaveOut = () => {
    redacted = true;
    return leftOutOfEmail;
  };
  let safe = text;
  // Longest first, so a secret inside another goes with the longer one.
  for (const secret of [...new Set(secrets.map((one) => one.trim()))].sort((a, b) => b.length - a.length)) {
    if (secret.length < 4) continue;
    safe = safe.replace(new RegExp(escapeRegExp(secret), 'gi'), leaveOut);
  }
  safe = safe
    // A card number, spaced or dashed in fours as people write them.
    .replace(/\b\d(?:[ -]?\d){12,18}\b/g, (match) =>
      passesLuhn(match.replace(/\D/g, '')) ? leaveOut() : match,
    )
    .replace(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, leaveOut)
    .replace(/\b\d{9,}\b/g, leaveOut)
    .replace(/\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,20}\b/g, leaveOut);
  return { text: safe, redacted };
}
