const priorityImage = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i;
const firstStylesheet = /<link rel="stylesheet" href="[^"]*">/;
/** How Astro writes an inline directive: a classic script, which waits for the stylesheets to run. */
const parserStoppingScript = '<script>';

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

/**
 * A page's priority picture (its `<img fetchpriority="high">`, the hero whose paint is the page's
 * largest), asked for from the head, right after the stylesheet, when a classic inline script comes
 * before it in the body: on a page with islands the parser stops at Astro's inline directive script
 * until the stylesheet has arrived, and the picture further down was requested after the stylesheet,
 * not beside it (a villa: median LCP 1,047 ms over five Lighthouse runs, 999 preloaded). Without such
 * a script the browser's preload scanner finds the picture as early, and the page is left as it is. The preload carries the
 * picture's `srcset` and `sizes`, so the browser fetches the file the `<img>` will use; a picture
 * inside `<picture>` with `<source>`s is left alone, since which source wins is the browser's choice.
 */
export function preloadPriorityPicture(html: string): string {
  const bodyStart = html.indexOf('<body');
  const image = priorityImage.exec(html.slice(bodyStart));
  if (bodyStart < 0 || !image) return html;
  const src = attribute(image[0], 'src');
  if (!src) return html;
  const before = html.slice(0, bodyStart + image.index);
  // Without a classic script before it, the browser's preload scanner finds the picture as early.
  if (!before.slice(bodyStart).includes(parserStoppingScript)) return html;
  const openPicture = before.lastIndexOf('<picture');
  if (openPicture > before.lastIndexOf('</picture>') && /<source\b/i.test(before.slice(openPicture)))
    return html;
  const srcset = attribute(image[0], 'srcset');
  const sizes = attribute(image[0], 'sizes');
  const link =
    `<link rel="preload" as="image" href="${src}"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (srcset && sizes ? ` imagesizes="${sizes}"` : '') +
    ' fetchpriority="high">';
  const stylesheet = firstStylesheet.exec(html.slice(0, bodyStart));
  if (stylesheet) {
    const after = stylesheet.index + stylesheet[0].length;
    return html.slice(0, after) + link + html.slice(after);
  }
  return html.replace('</head>', `${link}</head>`);
}
