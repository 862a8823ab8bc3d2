import { readFileSync } from 'node:fs';
import { e2eDataDir, externalDatabaseUrl } from '../../../playwright.config.ts';

/** The connection string of an embedded database started by scripts/serve.ts from its credentials file. */
export function embeddedDatabaseUrl(dataDir: string): string {
  const { password, port } = JSON.parse(readFileSync(`${dataDir}.json`, 'utf8')) as {
    password: string;
    port: number;
  };
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** The database the e2e server under test writes to. */
export function serverDatabaseUrl(): string {
  return externalDatabaseUrl ?? embeddedDatabaseUrl(e2eDataDir);
}

// The specs take the owner's query from here, beside the address it runs against.
export { query } from '../../support/database.ts';
