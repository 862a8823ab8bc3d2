export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: string; hint: string };

/** What a new password is checked against besides itself: the person's email address and name. */
export type PasswordContext = { email?: string | undefined; name?: string | undefined };

// The handful of words that start most leaked passwords. The server also checks zxcvbn's list of
// tens of thousands; this short one keeps that weight out of the browser.
const commonStart =
  /^(password|passw0rd|p@ssw0rd|qwerty|azerty|letmein|welcome|iloveyou|admin|abc123|monkey|dragon|football|baseball|sunshine|princess|trustno1|master|shadow|superman|kerala|kochi)/i;
const sequences = ['01234567890', '09876543210', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

const isRepeated = (password: string) => /^(.)\1*$/u.test(password) || /^(.{1,4})\1+$/u.test(password);
const isSequence = (password: string) => {
  const lower = password.toLowerCase();
  return sequences.some((run) => run.includes(lower) || [...run].reverse().join('').includes(lower));
};

/**
 * Why a new password of 10 or more characters is too easy to guess, or undefined: one character or a
 * short block over and over, a straight run of a keyboard or the digits, a common password with a few
 * digits or symbols added, or the person's own email address or name. The register and reset forms and
 * the API all apply it; the API then checks the long list too (src/server/auth/password-policy.ts).
 */
export function findPasswordProblem(password: string, context: PasswordContext = {}): string | undefined {
  if (isRepeated(password)) {
    return 'Avoid repeating characters (aaaa, abcabc): try three or four unrelated words.';
  }
  if (isSequence(password)) {
    return 'Avoid runs like 1234567890 or qwerty: try three or four unrelated words.';
  }
  if (commonStart.test(password) && /^[a-z@0]+[\d\W_]*$/i.test(password)) {
    return 'This is one of the most common passwords: try three or four unrelated words.';
  }
  const lower = password.toLowerCase().replace(/\s+/g, '');
  const email = context.email?.trim().toLowerCase() ?? '';
  const localPart = email.split('@')[0] ?? '';
  const name = context.name?.trim().toLowerCase().replace(/\s+/g, '') ?? '';
  const personal = [email, localPart, name].filter((part) => part.length >= 4);
  if (personal.some((part) => lower.includes(part))) {
    return 'Leave your email address and name out of your password: they are the first things tried.';
  }
  return undefined;
}

/**
 * A quick, honest hint while a password is typed: length counts most, variety a little, and the
 * obvious choices count for nothing. It guides; the rule above and the API's decide.
 */
export function ratePassword(password: string, context: PasswordContext = {}): PasswordStrength {
  if (password.length === 0) return { score: 0, label: 'Empty', hint: 'Use at least 10 characters.' };
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  if (password.length < 10) {
    return { score: 1, label: 'Too short', hint: `Add ${10 - password.length} more characters.` };
  }
  const problem = findPasswordProblem(password, context);
  if (problem) return { score: 1, label: 'Weak', hint: problem };
  const lengthPoints = password.length >= 20 ? 3 : password.length >= 14 ? 2 : password.length >= 12 ? 1 : 0;
  const points = lengthPoints + (kinds >= 3 ? 1 : 0) + 1;
  if (points >= 4) return { score: 4, label: 'Strong', hint: 'A strong password.' };
  if (points === 3) return { score: 3, label: 'Good', hint: 'Good. A few more words make it stronger.' };
  return { score: 2, label: 'Fair', hint: 'Longer is stronger: try three or four unrelated words.' };
}
