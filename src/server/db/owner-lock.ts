import { readFileSync, unlinkSync } from 'node:fs';
import { open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';

/**
 * Who owns an embedded cluster: the process that started it, recorded in a lock file beside the data.
 * `startTime` tells a live owner from another process that later got the same pid; `server` is the
 * URL of a site the owner serves (`npm start`, `npm run dev`), absent for a one-shot command.
 */
export type Owner = {
  pid: number;
  startTime: string | null;
  /** The cluster's port, once it accepts connections; null while the owner is still starting it. */
  port: number | null;
  command: string;
  server?: string;
};

export type Claim =
  | { kind: 'owner'; release: () => Promise<void>; announce: (port: number) => Promise<void> }
  | { kind: 'running'; owner: Owner & { port: number } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The kernel's start time of a process (Linux /proc), or null where there is no /proc. */
export function readStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process the lock names still runs: same pid, and, where the kernel tells, same start. */
export function isOwnerAlive(owner: Pick<Owner, 'pid' | 'startTime'>): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = readStartTime(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

async function readOwner(lockFile: string): Promise<Owner | undefined> {
  try {
    const owner = JSON.parse(await readFile(lockFile, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    // Missing, or created a moment ago and not yet written.
    return undefined;
  }
}

/**
 * The live site that serves the cluster of `lockFile` now (`npm start`, `npm run dev`), or undefined:
 * for refusing a second start before it does anything, such as rebuilding the site under the first.
 */
export async function findServingOwner(lockFile: string): Promise<(Owner & { server: string }) | undefined> {
  const owner = await readOwner(lockFile);
  if (owner?.server === undefined || !isOwnerAlive(owner)) return undefined;
  return { ...owner, server: owner.server };
}

async function writeAtomically(file: string, content: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, file);
}

/**
 * Removes the lock of a dead owner. Two processes may find the same stale lock; the removal happens
 * under a second, short-lived lock and only if the file still names the dead owner, so one never
 * removes the fresh lock the other has just created.
 */
async function removeStaleLock(lockFile: string, stale: Owner): Promise<void> {
  const guard = `${lockFile}.takeover`;
  for (;;) {
    try {
      await (await open(guard, 'wx')).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Held for milliseconds; one older than that belonged to a process that died holding it.
      const age = Date.now() - ((await stat(guard).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (age > 10_000) await unlink(guard).catch(() => {});
      else await sleep(50);
    }
  }
  try {
    const current = await readOwner(lockFile);
    if (current && current.pid === stale.pid && current.startTime === stale.startTime) {
      await unlink(lockFile).catch(() => {});
    }
  } finally {
    await unlink(guard).catch(() => {});
  }
}

/**
 * Claims the cluster of `lockFile`: creates the lock exclusively and returns `owner` (the caller
 * starts the cluster, then `announce`s its port), or returns the live owner whose cluster runs.
 * Waits while an owner is still starting its cluster; a lock whose owner is dead is removed.
 */
export async function claimCluster(
  lockFile: string,
  who: { command: string; server?: string },
  options: { timeoutMs?: number } = {},
): Promise<Claim> {
  const mine: Owner = {
    pid: process.pid,
    startTime: readStartTime(process.pid),
    port: null,
    command: who.command,
    ...(who.server ? { server: who.server } : {}),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let unreadableSince: number | undefined;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(mine));
      } finally {
        await handle.close();
      }
      const release = async () => {
        const current = await readOwner(lockFile);
        if (current?.pid === mine.pid && current.startTime === mine.startTime) {
          await unlink(lockFile).catch(() => {});
        }
        process.off('exit', releaseOnExit);
      };
      // A crash before `release` leaves a lock naming a dead process, which the next start removes;
      // this only spares it the work.
      const releaseOnExit = () => {
        try {
          const current = JSON.parse(readFileSync(lockFile, 'utf8')) as Owner;
          if (current.pid === mine.pid) unlinkSync(lockFile);
        } catch {}
      };
      process.on('exit', releaseOnExit);
      return {
        kind: 'owner',
        release,
        announce: (port) => writeAtomically(lockFile, JSON.stringify({ ...mine, port })),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(lockFile);
    if (!owner) {
      // Between another process's exclusive create and its write, the file is empty.
      unreadableSince ??= Date.now();
      if (Date.now() - unreadableSince > 5_000) {
        await unlink(lockFile).catch(() => {});
        unreadableSince = undefined;
      }
      await sleep(50);
      continue;
    }
    unreadableSince = undefined;
    if (!isOwnerAlive(owner)) {
      await removeStaleLock(lockFile, owner);
      continue;
    }
    if (owner.port !== null) return { kind: 'running', owner: { ...owner, port: owner.port } };
    if (Date.now() > deadline) {
      throw new Error(
        `${owner.command} (pid ${owner.pid}) has been starting the database for too long; ` +
          `stop it, or remove ${lockFile} if it is not running.`,
      );
    }
    await sleep(200);
  }
}
