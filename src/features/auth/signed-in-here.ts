/**
 * Whether this browser has been signed in to an account before: a hint, in localStorage, that decides
 * which of "Sign in" and "Create an account" a signed-out page offers first. It is never taken as a
 * session (the session lives in HttpOnly cookies only) and names no one.
 */

const key = 'kv-signed-in-here';

export function rememberSignedInHere(): void {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Storage refused: the page then offers "Create an account" first, as to a new visitor.
  }
}

export function hasSignedInHere(): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
