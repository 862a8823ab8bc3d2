/**
 * `npm start`: builds the site unless dist/ is already the build of these sources
 * (support/site-build.ts), and serves it (serve.ts, in this process), which starts the database and
 * prepares the functions while the build runs.
 */
import { buildingSite } from './support/site-build.ts';

// serve.ts waits for it before it serves a page, and stops if it fails.
buildingSite().catch(() => {});
await import('./serve.ts');
