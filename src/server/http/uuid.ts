const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path segment or cursor part is a UUID, in either case. A row's id is checked here before
 * any query: Postgres would refuse a malformed one with an error, and a malformed id names no row (a
 * 404, like an unknown one).
 */
export function isUuid(text: string | undefined): text is string {
  return text !== undefined && uuidPattern.test(text);
}
