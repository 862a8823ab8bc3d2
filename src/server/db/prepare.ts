import { type Backend, readBackend } from '../config.ts';
import { ensureAppRole } from './app-role.ts';
import { type EmbeddedOptions, startEmbeddedDatabase } from './embedded.ts';
import { type MigrationReport, migrate } from './migrate.ts';

export type PreparedDatabase = {
  backend: Backend;
  /** The owner's connection: migrations, seeding, checks. */
  url: string;
  /** The functions' connection (DATABASE_URL for them): the app role, which RLS cannot be shed from. */
  appUrl: string;
  migrations: MigrationReport;
  /** Ends this process's use; stops the embedded cluster only if this process started it. */
  stop: () => Promise<void>;
};

/**
 * Makes the configured database ready for the site: the embedded cluster (the running one when a
 * live process owns it, else one started here), every new migration, and the app role the functions
 * log in as. On Supabase, DATABASE_URL is used as given: the README says how to make it a role
 * like the app role.
 */
export async function prepareDatabase(options: EmbeddedOptions = {}): Promise<PreparedDatabase> {
  const backend = readBackend();
  if (backend.kind === 'embedded') {
    const embedded = await startEmbeddedDatabase(backend.dataDir, options);
    try {
      const migrations = await migrate(embedded.url);
      const appUrl = await ensureAppRole(embedded.url);
      return { backend, url: embedded.url, appUrl, migrations, stop: embedded.stop };
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  }
  const migrations = await migrate(backend.databaseUrl);
  return {
    backend,
    url: backend.databaseUrl,
    appUrl: backend.kind === 'postgres' ? await ensureAppRole(backend.databaseUrl) : backend.databaseUrl,
    migrations,
    stop: async () => {},
  };
}
