import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Every TCP port a process tree listens on, read from Linux's /proc the way `ss -ltnp` does: the
 * listening sockets of /proc/net/tcp and tcp6 (state 0A), matched by inode to the `socket:[inode]`
 * descriptors of each process in the tree. It sees what a process opened without telling anyone
 * (a child's random port), which is what the tests that walk every port need.
 */

/** Pids of `root` and every process descending from it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // The command name in parentheses may hold spaces; the parent pid is the second field after it.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Inodes of the sockets a process holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed while we looked
    }
  }
  return inodes;
}

/** Listening TCP sockets of this network namespace: inode → port. */
function listeningSockets(): Map<string, number> {
  const sockets = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue; // no IPv6
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [, localAddress, , state] = fields;
      const inode = fields[9];
      if (state !== '0A' || !localAddress || !inode) continue;
      sockets.set(inode, Number.parseInt(localAddress.split(':').at(-1) as string, 16));
    }
  }
  return sockets;
}

/** The TCP ports any process of `root`'s tree listens on, each with the pid that holds it. */
export function listeningPorts(root: number): { port: number; pid: number }[] {
  const sockets = listeningSockets();
  const found = new Map<number, number>();
  for (const pid of processTree(root)) {
    for (const inode of socketInodes(pid)) {
      const port = sockets.get(inode);
      if (port !== undefined && !found.has(port)) found.set(port, pid);
    }
  }
  return [...found].map(([port, pid]) => ({ port, pid })).sort((a, b) => a.port - b.port);
}

/** The pid that listens on `port` of this machine, if a process we may look at does. */
export function pidListeningOn(port: number): number | undefined {
  const inodes = new Set([...listeningSockets()].filter(([, p]) => p === port).map(([inode]) => inode));
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    for (const inode of socketInodes(Number(name))) if (inodes.has(inode)) return Number(name);
  }
  return undefined;
}

/** The pid's command line, as its arguments. */
export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** The pid's parent, or undefined at the top. */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}
