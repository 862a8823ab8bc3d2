import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushErrorReports, reportError } from './error-reporter.ts';
import { runAsRequest } from './request-context.ts';

/**
 * The error reporter through Sentry's own SDK, sent to a Sentry ingest stand-in on 127.0.0.1 (what a
 * DSN names is where the SDK posts its envelopes): the error, tagged with its request id, arrives.
 */
const envelopes: string[] = [];
const ingest = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    envelopes.push(
      (request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'),
    );
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  delete process.env.SENTRY_DSN;
  await new Promise((resolve) => ingest.close(resolve));
});

describe('reportError', () => {
  it('only logs when SENTRY_DSN is unset', async () => {
    delete process.env.SENTRY_DSN;
    runAsRequest({ requestId: 'no-reporter-request' }, () => reportError(new Error('Logged only')));
    await flushErrorReports();
    expect(envelopes.join('\n')).not.toContain('Logged only');
  });

  it('sends the error to Sentry with its request id when SENTRY_DSN is set', async () => {
    const { port } = ingest.address() as AddressInfo;
    process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${port}/42`;
    await runAsRequest({ requestId: 'request-for-sentry-1' }, async () => {
      reportError(new Error('The ledger could not be read'));
      await flushErrorReports();
    });
    const sent = envelopes.find((envelope) => envelope.includes('The ledger could not be read'));
    expect(sent).toBeDefined();
    expect(sent).toContain('"request_id":"request-for-sentry-1"');
  });
});
