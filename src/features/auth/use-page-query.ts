import { useEffect, useState } from 'react';

/**
 * The page's query string, once the island runs in the browser. The pages are pre-rendered without
 * one, so reading it during the first render would make the browser's markup differ from the server's
 * (React then keeps the server's attributes, e.g. a link without its `next`); an effect reads it after.
 * Null until then.
 */
export function usePageQuery(enabled = true): URLSearchParams | null {
  const [query, setQuery] = useState<URLSearchParams | null>(null);
  // Not wanted (the server printed the query into the page), it sets nothing: a state set as the island
  // hydrates would have React render its lazy parts afresh instead of hydrating them, losing what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on arrival
  useEffect(() => {
    if (enabled) setQuery(new URLSearchParams(window.location.search));
  }, []);
  return query;
}
