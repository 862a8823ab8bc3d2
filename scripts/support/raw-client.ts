import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/**
 * HTTP clients below fetch, for what fetch cannot do: choose the address a request comes from (any
 * 127.x.y.z is this machine on Linux, so one process can be many visitors), send exactly the
 * Accept-Encoding given, and send a body slowly. Used by the server tests and the benchmarks.
 */

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type RawRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The address the connection comes from, e.g. 127.0.0.23. */
  from?: string;
  timeoutMs?: number;
};

/** One request on a connection of its own; the body is left as sent (not decompressed). */
export function sendRaw(url: string, options: RawRequest = {}): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: {
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
        localAddress: options.from,
        agent: false,
        timeout: options.timeoutMs ?? 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within the timeout`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

export type SlowClient = {
  /** Resolves once the server answers or closes the connection: the status line, or 'closed'. */
  ended: Promise<string>;
  /** Stops sending and closes the connection. */
  close(): void;
};

/**
 * A POST that announces a body of `declaredBytes` and then sends one byte every `intervalMs`, as a
 * client on a very slow link (or one holding the server hostage) would.
 */
export function startSlowPost(url: string, declaredBytes = 1000, intervalMs = 2000): SlowClient {
  const target = new URL(url);
  const socket = connect(Number(target.port), target.hostname);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  socket.write(
    [
      `POST ${target.pathname} HTTP/1.1`,
      `Host: ${target.host}`,
      `Origin: ${target.origin}`,
      'Content-Type: application/json',
      `Content-Length: ${declaredBytes}`,
      '',
      '',
    ].join('\r\n'),
  );
  const drip = setInterval(() => socket.write(' '), intervalMs);
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => {
      clearInterval(drip);
      resolve(received.split('\r\n')[0] || 'closed');
    });
  });
  return {
    ended,
    close() {
      clearInterval(drip);
      socket.destroy();
    },
  };
}
