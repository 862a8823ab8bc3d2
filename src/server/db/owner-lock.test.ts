import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Claim, claimCluster, isOwnerAlive, readStartTime } from './owner-lock.ts';

const freshLock = () => path.join(mkdtempSync(path.join(tmpdir(), 'kayal-lock-')), 'postgres.lock');

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the owner lock of an embedded cluster', () => {
  it('makes the first claimant the owner, and shows later ones its port once announced', async () => {
    const lock = freshLock();
    const first = await claimCluster(lock, { command: 'npm start', server: 'http://127.0.0.1:8888' });
    expect(first.kind).toBe('owner');
    if (first.kind !== 'owner') return;
    const second = claimCluster(lock, { command: 'npm run admin:create' });
    await first.announce(54321);
    expect(await second).toMatchObject({
      kind: 'running',
      owner: { pid: process.pid, port: 54321, command: 'npm start', server: 'http://127.0.0.1:8888' },
    });
    await first.release();
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock whose owner is dead', async () => {
    const lock = freshLock();
    writeFileSync(
      lock,
      JSON.stringify({ pid: deadPid(), startTime: null, port: 5432, command: 'npm start' }),
    );
    const claim = await claimCluster(lock, { command: 'npm start' });
    expect(claim.kind).toBe('owner');
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, port: null });
  });

  it('takes over a lock whose pid now belongs to another process', async () => {
    const lock = freshLock();
    // This test's own pid, but a start time it never had: the pid was reused.
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.pid, startTime: '1', port: 5432, command: 'npm start' }),
    );
    expect(readStartTime(process.pid)).not.toBe('1');
    expect((await claimCluster(lock, { command: 'npm start' })).kind).toBe('owner');
  });

  it('tells a live owner from a dead one', () => {
    expect(isOwnerAlive({ pid: process.pid, startTime: readStartTime(process.pid) })).toBe(true);
    expect(isOwnerAlive({ pid: deadPid(), startTime: null })).toBe(false);
  });

  it('lets exactly one of many simultaneous claimants own the cluster', async () => {
    const lock = freshLock();
    const claims = Array.from({ length: 20 }, () => claimCluster(lock, { command: 'npm run seed:demo' }));
    const owners: Claim[] = [];
    for (const claim of claims)
      void claim.then((settled) => settled.kind === 'owner' && owners.push(settled));
    // The others wait for the owner's port.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(owners).toHaveLength(1);
    const [owner] = owners;
    if (owner?.kind === 'owner') await owner.announce(6000);
    const others = (await Promise.all(claims)).filter((claim) => claim.kind === 'running');
    expect(others).toHaveLength(19);
  });

  it('lets exactly one of many claimants finding the same stale lock take it over', async () => {
    const lock = freshLock();
    writeFileSync(
      lock,
      JSON.stringify({ pid: deadPid(), startTime: null, port: 5432, command: 'npm start' }),
    );
    const claims = Array.from({ length: 20 }, () => claimCluster(lock, { command: 'npm run trash:purge' }));
    const owners: Claim[] = [];
    for (const claim of claims)
      void claim.then((settled) => settled.kind === 'owner' && owners.push(settled));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(owners).toHaveLength(1);
    const [owner] = owners;
    if (owner?.kind === 'owner') await owner.announce(6000);
    expect((await Promise.all(claims)).filter((claim) => claim.kind === 'running')).toHaveLength(19);
  });
});
