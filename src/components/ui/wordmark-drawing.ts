import drawing from '../../assets/brand/wordmark.svg?raw';

/** Where pages fetch the wordmark's outlines from, and the id of the symbol that holds them. */
export const wordmarkHref = '/brand/wordmark.svg#wordmark';

const viewBox = /viewBox="([^"]+)"/.exec(drawing)?.[1];
const inside = drawing.slice(drawing.indexOf('>') + 1, drawing.lastIndexOf('</svg>'));
if (!viewBox || !inside.trim()) throw new Error('src/assets/brand/wordmark.svg has no viewBox or no drawing');

/** The drawing's coordinates (it does not start at 0, 0), for the `<svg>` and `<use>` that show it. */
export const wordmarkViewBox = viewBox;

/** The file served at `wordmarkHref`: the drawing, unchanged, as a symbol. */
export function wordmarkSymbolFile(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg"><symbol id="wordmark" viewBox="${viewBox}">${inside}</symbol></svg>\n`;
}
