import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { IslandOptions } from './interaction-wake.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first focus, pointer, key or input in the island (or, for one that moves on its
     * own, once it would first move); its code is fetched at idle, not run.
     */
    'client:interaction'?: boolean | IslandOptions;
  }
}

/**
 * `client:interaction`, for islands whose server-rendered HTML already works as a page, or says what
 * it will do (a form that posts without JavaScript, a gallery of links to its pictures): React is
 * fetched when the browser is idle and runs only once a person starts to use the island
 * (src/integrations/interaction-directive.ts).
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
