import net from 'node:net';

export type SwitchableProxy = {
  url: string;
  /** The database "goes away": open connections drop, new ones are refused. */
  cut(): void;
  /** The database is back. */
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy between the server and its PostgreSQL that a test can cut and restore, to see what the
 * site does while its database is unreachable, without stopping a database other tests use.
 */
export async function startSwitchableProxy(databaseUrl: string): Promise<SwitchableProxy> {
  const target = new URL(databaseUrl);
  let open = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
