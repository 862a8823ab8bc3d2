import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cmsBackendPort } from '../../src/integrations/content-editor.ts';
import { startCmsBackendGuard } from './cms-backend-guard.ts';

/**
 * Decap CMS's local backend (decap-server) for `npm start` and `npm run dev`: the editor at /cms reads
 * and writes the working copy's src/content and src/assets through it, with no GitHub login. It writes
 * files for anyone who reaches it, so it listens on a free port of 127.0.0.1 behind a guard on
 * `cmsBackendPort` that lets only this site's own pages through (cms-backend-guard.ts); it never runs
 * on Netlify.
 */

/**
 * Starts decap-server and resolves once it answers, since the editor looks for it only as it loads: a
 * page opened before it listens falls back to the GitHub login. Gives up waiting after 2 minutes
 * (loading its modules took tens of seconds on a busy 2-core machine).
 */
export async function startCmsBackend(root: string, sitePort: number): Promise<{ stop: () => void }> {
  const entry = createRequire(import.meta.url).resolve('decap-server/dist/index.js');
  const backendPort = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(backendPort),
      BIND_HOST: '127.0.0.1',
      // Writes files, as an editor's save does on Netlify through a commit; the commit is the editor's own.
      MODE: 'fs',
      GIT_REPO_DIRECTORY: root,
      LOG_LEVEL: 'warn',
    },
  });
  child.on('exit', (code) => {
    if (code) console.warn(`  The content editor's local backend stopped (exit code ${code}).`);
  });
  // A second server on this machine finds the guard's port taken; the first one's backend serves the editor.
  const guard = await startCmsBackendGuard(cmsBackendPort, backendPort, sitePort).catch(() => {
    console.warn(`  The content editor's local backend is not started: port ${cmsBackendPort} is taken.`);
    return undefined;
  });
  const stop = () => {
    guard?.close();
    child.kill('SIGTERM');
  };
  if (!guard) {
    stop();
    return { stop };
  }
  const info = { action: 'info' };
  for (let attempt = 0; attempt < 480 && child.exitCode === null; attempt++) {
    const answer = await fetch(`http://127.0.0.1:${cmsBackendPort}/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(info),
    }).catch(() => undefined);
    if (answer?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { stop };
}

/** A free port of 127.0.0.1, for decap-server behind the guard. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
