import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the suite's server that sends one page in two pieces, pausing before `cutBefore`
 * as a slow connection or a busy phone's parser does, so a test sees what the browser paints from the
 * part that has arrived. Everything else passes through whole.
 */
export async function startSlowPageProxy(
  origin: string,
  { path, cutBefore, pauseMs }: { path: string; cutBefore: string; pauseMs: number },
) {
  const server = createServer(async (request, answer) => {
    const url = request.url ?? '/';
    const upstream = await fetch(`${origin}${url}`, { headers: { accept: request.headers.accept ?? '*/*' } });
    const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
    answer.writeHead(upstream.status, { 'content-type': type });
    if (url !== path) {
      answer.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    const html = await upstream.text();
    const cut = html.indexOf(cutBefore);
    if (cut < 0) throw new Error(`${path} has no ${JSON.stringify(cutBefore)} to pause before`);
    answer.write(html.slice(0, cut));
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    answer.end(html.slice(cut));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
