/**
 * `npm run dev`: astro dev with hot reload; @netlify/vite-plugin (astro.config.ts) serves the
 * functions. The database is prepared first and its URL handed to the dev server.
 */
import { spawn } from 'node:child_process';
import { prepareDatabase } from '../src/server/db/prepare.ts';

// Beside `npm start` it uses that server's database, and loses it when that server stops.
const database = await prepareDatabase({
  command: 'npm run dev',
  serves: 'the address `npm run dev` printed',
});
const astro = spawn('astro', ['dev', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: database.appUrl, ASTRO_TELEMETRY_DISABLED: '1' },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  astro.kill('SIGTERM');
  await database.stop().catch(() => {});
  process.exit(code);
}
astro.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
