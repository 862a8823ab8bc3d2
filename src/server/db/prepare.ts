import { type Backend, readBackend } from '../config.ts';
import { startEmbeddedDatabase } from './embedded.ts';
import { type MigrationReport, migrate } from './migrate.ts';

export type PreparedDatabase = {
  backend: Backend;
  url: string;
  migrations: MigrationReport;
  stop: () => Promise<void>;
};

/**
 * Makes the configured database ready for the site: starts the embedded server when no database is
 * configured, then applies any new migration. The caller owns `stop`.
 */
export async function prepareDatabase(
  options: { log?: (line: string) => void } = {},
): Promise<PreparedDatabase> {
  const backend = readBackend();
  if (backend.kind === 'embedded') {
    const embedded = await startEmbeddedDatabase(backend.dataDir, options);
    try {
      return { backend, url: embedded.url, migrations: await migrate(embedded.url), stop: embedded.stop };
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  }
  return {
    backend,
    url: backend.databaseUrl,
    migrations: await migrate(backend.databaseUrl),
    stop: async () => {},
  };
}
