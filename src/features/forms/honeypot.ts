/**
 * A field people never see (the wrapper is `hidden`, so it is neither shown, announced nor focusable)
 * and simple form bots fill in, because it looks like any other input. The server answers a filled one
 * as if it had stored the submission, and stores nothing: the bot learns nothing to adapt to.
 */
export const honeypotField = 'website';

export function isCaughtInHoneypot(body: unknown): boolean {
  const value = (body as Record<string, unknown> | null)?.[honeypotField];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}
