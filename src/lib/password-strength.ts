export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: string; hint: string };

const common = /^(password|passw0rd|qwerty|letmein|welcome|iloveyou|admin|123456|abc123|kerala|kochi)/i;

/**
 * A quick, honest hint while a password is typed: length counts most, variety a little, and the
 * obvious choices count for nothing. It guides; the API's rule (at least 10 characters) decides.
 */
export function ratePassword(password: string): PasswordStrength {
  if (password.length === 0) return { score: 0, label: 'Empty', hint: 'Use at least 10 characters.' };
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const repeated = /^(.)\1*$/.test(password) || /^(.{1,3})\1+$/.test(password);
  if (password.length < 10) {
    return { score: 1, label: 'Too short', hint: `Add ${10 - password.length} more characters.` };
  }
  if (common.test(password) || repeated) {
    return { score: 1, label: 'Weak', hint: 'Avoid common words and repeated patterns.' };
  }
  const lengthPoints = password.length >= 20 ? 3 : password.length >= 14 ? 2 : password.length >= 12 ? 1 : 0;
  const points = lengthPoints + (kinds >= 3 ? 1 : 0) + 1;
  if (points >= 4) return { score: 4, label: 'Strong', hint: 'A strong password.' };
  if (points === 3) return { score: 3, label: 'Good', hint: 'Good. A few more words make it stronger.' };
  return { score: 2, label: 'Fair', hint: 'Longer is stronger: try three or four unrelated words.' };
}
