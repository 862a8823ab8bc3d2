import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer, key or input in the island; its code is fetched at idle. */
    'client:interaction'?: boolean;
  }
}

/**
 * `client:interaction`, for islands whose server-rendered HTML already works as a page (a form that
 * posts without JavaScript, a calendar drawn in full): React is fetched and evaluated when the browser
 * is idle, and the island hydrates once a person starts to use it (src/integrations/interaction-directive.ts).
 */
export default function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'kayal:hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          // A path, not a file URL: Astro bundles the directive with esbuild, which resolves paths only.
          entrypoint: fileURLToPath(new URL('./interaction-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
