import { createHash } from 'node:crypto';
import drawing from '../../assets/brand/wordmark.svg?raw';

// Read at build time only: the page that draws the wordmark and the route that serves it.

const viewBox = /viewBox="([^"]+)"/.exec(drawing)?.[1];
const inside = drawing.slice(drawing.indexOf('>') + 1, drawing.lastIndexOf('</svg>'));
if (!viewBox || !inside.trim()) throw new Error('src/assets/brand/wordmark.svg has no viewBox or no drawing');

/** The drawing's coordinates (it does not start at 0, 0), for the `<svg>` and `<use>` that show it. */
export const wordmarkViewBox = viewBox;

/** The file the pages fetch: the drawing, unchanged, as a symbol. */
export const wordmarkSymbolFile = `<svg xmlns="http://www.w3.org/2000/svg"><symbol id="wordmark" viewBox="${viewBox}">${inside}</symbol></svg>\n`;

/** Named after its content, so a changed drawing gets a new name and the old one can be cached for good. */
export const wordmarkFileName = `wordmark.${createHash('sha256').update(wordmarkSymbolFile).digest('hex').slice(0, 10)}.svg`;

/** Where a page's `<use>` finds the symbol. */
export const wordmarkHref = `/brand/${wordmarkFileName}#wordmark`;
