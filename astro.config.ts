import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import netlify from '@netlify/vite-plugin';
import { defineConfig } from 'astro/config';
import rewriteBuiltPages from './src/integrations/built-pages.ts';
import contentEditor from './src/integrations/content-editor.ts';
import hydrateOnInteraction from './src/integrations/hydrate-on-interaction.ts';
import optimizeSvgAssets from './src/integrations/optimize-svg.ts';
import { mapOrigin } from './src/lib/maps.ts';

/** Pages that answer a form or a session, which search engines have no reason to list. */
const unlisted =
  /^\/(404|admin|account|login|register|forgot-password|reset-password|verify-email|search|payment|review)(\/|$)|\/sent\/?$/;

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://kayalvillas.in',
  output: 'static',
  // Shiki's inline styles would break the CSP, and the content has no code to highlight.
  markdown: { syntaxHighlight: false },
  trailingSlash: 'ignore',
  // Pages show the SVG artwork as it is (src/components/ui/Photo.astro); only the JPEG share and
  // structured-data pictures rasterise it, since sharing previews want a raster. The SVGs rasterised are
  // our own files under src/assets, never one from a visitor or another site.
  image: { dangerouslyProcessSVG: true },
  integrations: [
    // React 19 renders the islands in the build and in the browser, as the functions render the
    // no-JavaScript forms (src/features/forms/render-form.ts): one renderer for one component set.
    react(),
    // `client:interaction`: islands whose HTML works on its own hydrate on a person's first touch.
    hydrateOnInteraction(),
    optimizeSvgAssets(),
    // The content editor at /cms (Decap CMS, from our own origin); not an Astro page, so not in the sitemap.
    contentEditor(),
    // Each built page: the island runtime in a file, one stylesheet, its hero picture preloaded, a narrow CSP.
    rewriteBuiltPages(),
    sitemap({
      filter: (page) => !unlisted.test(new URL(page).pathname),
      // The same clean URLs as the pages' canonical links.
      serialize: (item) => {
        const url = new URL(item.url);
        if (url.pathname !== '/') url.pathname = url.pathname.replace(/\/$/, '');
        return { ...item, url: url.href };
      },
    }),
  ],
  security: {
    // Astro hashes every script and style it emits into a <meta> CSP; the HTTP-only directives
    // (frame-ancestors, HSTS, …) are in netlify.toml.
    csp: {
      // Frames only from the map provider, and only once a visitor asks for a map
      // (src/components/ui/LocationMap.astro).
      directives: [`frame-src ${mapOrigin}`],
    },
  },
  vite: {
    server: {
      // astro dev serves every file of the working copy (`/.data/…?raw`, `/@fs/…`), and Vite's default
      // CORS hands them to a page on any localhost port; the site's own pages are same-origin.
      cors: false,
    },
    plugins: [
      // Serves netlify/functions under astro dev. Edge functions and geolocation reach the internet.
      netlify({
        edgeFunctions: { enabled: false },
        images: { enabled: false },
        // ASTRO_DEV_FUNCTIONS=off leaves the functions out: tests/unit/dev-server-origins.test.ts holds
        // Vite's own serving of files, which no function takes part in, and loading all of them kept
        // astro dev from answering for 2–3 min of a busy 2-core machine (25 s without them).
        ...(process.env.ASTRO_DEV_FUNCTIONS === 'off' ? { functions: { enabled: false } } : {}),
      }),
    ],
  },
});
