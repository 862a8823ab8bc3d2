import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cmsBackendPort } from '../../src/features/content-editor/local-backend-contract.ts';
import { cmsEditableFolders } from '../../src/lib/cms-config.ts';
import { ConfigurationError } from '../../src/server/config.ts';
import { startCmsBackendGuard } from './cms-backend-guard.ts';

/**
 * Decap CMS's local backend (decap-server) for `npm start` and `npm run dev`: the editor at /cms reads
 * and writes the working copy's src/content and src/assets through it, with no GitHub login (the
 * checkout, or under `npm start` the folder CMS_WORKING_COPY names). It
 * writes files for anyone who reaches it, so the one way in is a guard on `cmsBackendPort` (127.0.0.1)
 * that lets only this site's own pages through (cms-backend-guard.ts); decap-server itself runs in a
 * process of its own (cms-backend-process.ts) that listens on a Unix socket in a folder only this user
 * may enter, opens no TCP port, and touches no path outside the editor's folders. It never runs on
 * Netlify.
 */

/**
 * The folder the editor saves into: `setting` (CMS_WORKING_COPY, relative to the current folder), or
 * the checkout `root` when unset. Refused when it holds the checkout without being it, since filling it
 * afresh would then replace the checkout's own content.
 */
export function resolveCmsWorkingCopy(root: string, setting: string | undefined): string {
  if (!setting) return root;
  const copy = path.resolve(setting);
  const fromCopy = path.relative(copy, root);
  if (fromCopy !== '' && !fromCopy.startsWith('..') && !path.isAbsolute(fromCopy)) {
    throw new ConfigurationError(
      `CMS_WORKING_COPY (${setting}) holds this checkout: name the checkout itself, or a folder outside it, such as one under .data/.`,
    );
  }
  return copy;
}

/**
 * Gives a working copy other than the checkout the checkout's editable folders: those it lacks, or all
 * of them afresh when `fresh`. Copied as files, never as links back into the checkout, so a save there
 * leaves the checkout's src/content as it was. The checkout itself is left alone.
 */
export async function fillCmsWorkingCopy(root: string, copy: string, { fresh }: { fresh: boolean }) {
  if (path.resolve(copy) === path.resolve(root)) return;
  for (const folder of cmsEditableFolders) {
    const target = path.join(copy, folder);
    if (fresh) await rm(target, { recursive: true, force: true });
    const present = await stat(target).then(
      () => true,
      () => false,
    );
    if (!present) await cp(path.join(root, folder), target, { recursive: true, dereference: true });
  }
}

const backendProcess = fileURLToPath(new URL('./cms-backend-process.ts', import.meta.url));

/**
 * Starts the backend and its guard, and resolves once it listens, since the editor looks for it only
 * as it loads: a page opened before it listens falls back to the GitHub login. Gives up waiting after
 * 2 minutes (loading its modules took tens of seconds on a busy 2-core machine).
 */
export async function startCmsBackend(workingCopy: string, sitePort: number): Promise<{ stop: () => void }> {
  // mkdtemp makes the folder 0700: no other user may reach the socket inside it.
  const socketFolder = mkdtempSync(path.join(tmpdir(), 'kayal-cms-'));
  // Windows has no Unix sockets in folders; a pipe with an unguessable name stands in.
  const socketPath =
    process.platform === 'win32'
      ? `\\\\.\\pipe\\kayal-cms-${randomUUID()}`
      : path.join(socketFolder, 'backend.sock');
  const child = spawn(
    process.execPath,
    [backendProcess, socketPath, workingCopy, String(sitePort), JSON.stringify(cmsEditableFolders)],
    {
      cwd: workingCopy,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Only what it needs: none of the server's secrets (DATABASE_URL, SMTP_URL …) reach it.
      env: { PATH: process.env.PATH ?? '', GIT_REPO_DIRECTORY: workingCopy, NODE_ENV: 'production' },
    },
  );
  const listening = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 120_000);
    child.on('message', (message) => {
      if (message !== 'listening') return;
      clearTimeout(timer);
      resolve(true);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code) console.warn(`  The content editor's local backend stopped (exit code ${code}).`);
      resolve(false);
    });
  });
  // A second server on this machine finds the guard's port taken; the first one's backend serves the editor.
  const guard = await startCmsBackendGuard(cmsBackendPort, socketPath, sitePort).catch(() => {
    console.warn(`  The content editor's local backend is not started: port ${cmsBackendPort} is taken.`);
    return undefined;
  });
  const stop = () => {
    guard?.close();
    child.kill('SIGTERM');
    rmSync(socketFolder, { recursive: true, force: true });
  };
  if (!guard) {
    stop();
    return { stop };
  }
  if (!(await listening))
    console.warn("  The content editor's local backend did not start; /cms cannot save.");
  return { stop };
}
