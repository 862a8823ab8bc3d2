import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://kayalvillas.in',
  output: 'static',
  // Shiki's inline styles would break the CSP, and the content has no code to highlight.
  markdown: { syntaxHighlight: false },
  trailingSlash: 'ignore',
  integrations: [react()],
  security: {
    // Astro hashes every script and style it emits into a <meta> CSP; the HTTP-only directives
    // (frame-ancestors, HSTS, …) are in netlify.toml.
    csp: true,
  },
  vite: {
    plugins: [
      // Serves netlify/functions under astro dev. Edge functions and geolocation reach the internet.
      netlify({ edgeFunctions: { enabled: false }, images: { enabled: false } }),
    ],
  },
});
