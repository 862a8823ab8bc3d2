/**
 * A value made the first time it is asked for, then kept. For `Intl` formatters: each costs a
 * browser several milliseconds to build (tens on a slow phone, where a page's islands import
 * these modules before they need a single date), so none is made until something is formatted.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
