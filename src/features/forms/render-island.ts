import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * An island's markup rendered on the server per request, its lazy parts waited for (as Astro's build
 * does, with the island's `prefix` so that `useId` gives the browser's hydration the same ids), the
 * resource hints React adds taken out as Astro takes them out.
 */
export async function renderIsland(element: ReactElement, identifierPrefix: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { identifierPrefix });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return html.replace(
    /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g,
    '',
  );
}
