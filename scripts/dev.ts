/**
 * `npm run dev`: astro dev with hot reload; @netlify/vite-plugin (astro.config.ts) serves the
 * functions. The database is prepared first and its URL handed to the dev server.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigurationError, checkEnvironment } from '../src/server/config.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { startCmsBackend } from './support/cms-backend.ts';

try {
  checkEnvironment();
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// Every argument goes on to astro dev; only its port is read here.
const args = process.argv.slice(2);
const { values } = parseArgs({
  args,
  options: { port: { type: 'string' } },
  strict: false,
  allowPositionals: true,
});
// The functions accept posts only from the site's configured address, and put it in email links.
const port = typeof values.port === 'string' ? values.port : '4321';

// Beside `npm start` it uses that server's database, and loses it when that server stops.
const database = await prepareDatabase({
  command: 'npm run dev',
  serves: 'the address `npm run dev` printed',
});
const astro = spawn('astro', ['dev', ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    URL: process.env.URL ?? `http://localhost:${port}`,
    DATABASE_URL: database.appUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
    // A home marked sold from the dashboard is written into this checkout, as /cms saves are.
    CMS_WORKING_COPY: path.resolve(import.meta.dirname, '..'),
  },
});

// The content editor at /cms saves to this working copy through it.
const cmsBackend = await startCmsBackend(path.resolve(import.meta.dirname, '..'), Number(port));

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  astro.kill('SIGTERM');
  cmsBackend.stop();
  await database.stop().catch(() => {});
  process.exit(code);
}
astro.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
