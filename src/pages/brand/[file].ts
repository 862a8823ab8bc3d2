import type { APIRoute, GetStaticPaths } from 'astro';
import { wordmarkFileName, wordmarkSymbolFile } from '../../components/ui/wordmark-drawing.ts';

/**
 * The wordmark's outlines as one `<symbol>`, which every page draws with `<use href>`. Inlined, the
 * 7.7 KB of outlines pushed a page's compressed HTML past the first round trip of a slow connection
 * (about 14 KB) and its first paint back by a round trip; as a file it comes once and is cached for
 * good: its name carries a hash of the drawing, like Astro's own assets.
 */
export const getStaticPaths: GetStaticPaths = () => [{ params: { file: wordmarkFileName } }];

export const GET: APIRoute = () =>
  new Response(wordmarkSymbolFile, { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
