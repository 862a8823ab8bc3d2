/**
 * `npm start`: builds the site unless dist/ is already the build of these sources
 * (support/site-build.ts), and serves it (serve.ts, in this process), which starts the database and
 * prepares the functions while the build runs.
 */
import path from 'node:path';
import { ConfigurationError, readBackend } from '../src/server/config.ts';
import { findServingOwner } from '../src/server/db/owner-lock.ts';
import { buildingSite } from './support/site-build.ts';

// A second start on a checkout whose site runs is refused before it builds: its build would empty
// dist/ under the running site (serve.ts refuses the database too, but only once the build is under way).
try {
  const backend = readBackend();
  if (backend.kind === 'embedded') {
    const serving = await findServingOwner(`${path.resolve(backend.dataDir)}.lock`);
    if (serving) {
      console.error(
        `The site already runs on ${path.relative(process.cwd(), backend.dataDir) || backend.dataDir}: ` +
          `${serving.command} (pid ${serving.pid}) serves it at ${serving.server}. Use that one, or stop it first; ` +
          'EMBEDDED_DATA_DIR=<another folder> starts a separate site.',
      );
      process.exit(1);
    }
  }
} catch (error) {
  // serve.ts says what to set.
  if (!(error instanceof ConfigurationError)) throw error;
}

// serve.ts waits for it before it serves a page, and stops if it fails.
buildingSite().catch(() => {});
await import('./serve.ts');
