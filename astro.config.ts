import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.SITE_URL ?? 'https://kayalvillas.in',
  output: 'static',
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
