/**
 * Decap CMS's local backend (decap-server) for `npm start` and `npm run dev`: the editor at /cms reads
 * and writes the working copy's src/content and src/assets through it, with no GitHub login. It listens
 * on 127.0.0.1 only (it writes files for anyone who reaches it), and never runs on Netlify.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cmsBackendPort } from '../../src/integrations/content-editor.ts';

/**
 * Starts decap-server and resolves once it answers, since the editor looks for it only as it loads: a
 * page opened before it listens falls back to the GitHub login. Gives up waiting after 2 minutes
 * (loading its modules took tens of seconds on a busy 2-core machine).
 */
export async function startCmsBackend(root: string): Promise<ChildProcess> {
  const entry = createRequire(import.meta.url).resolve('decap-server/dist/index.js');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(cmsBackendPort),
      BIND_HOST: '127.0.0.1',
      // Writes files, as an editor's save does on Netlify through a commit; the commit is the editor's own.
      MODE: 'fs',
      GIT_REPO_DIRECTORY: root,
      LOG_LEVEL: 'warn',
    },
  });
  // A second server on this checkout finds the port taken; the first one's backend serves the editor.
  child.on('exit', (code) => {
    if (code) console.warn(`  The content editor's local backend stopped (port ${cmsBackendPort} taken?).`);
  });
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
  return child;
}
