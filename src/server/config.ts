import { z } from 'zod';

/** Where the data lives. Every backend is reached through the Postgres wire protocol. */
export type Backend =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'postgres'; databaseUrl: string }
  | {
      kind: 'supabase';
      databaseUrl: string;
      supabaseUrl: string;
      /** The project's public API key: the publishable key, or the legacy anon key. */
      apiKey: string;
      /** The secret key, for Auth's admin endpoints; the legacy keys have none here. */
      secretKey: string | undefined;
      /** The legacy HS256 JWT secret; without it, access tokens are checked with the project's JWKS. */
      jwtSecret: string | undefined;
    };

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const environmentSchema = z.object({
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  SUPABASE_URL: optionalText.pipe(z.url().optional()),
  SUPABASE_PUBLISHABLE_KEY: optionalText.pipe(
    z.string().startsWith('sb_publishable_', 'is not a publishable key (sb_publishable_…)').optional(),
  ),
  SUPABASE_SECRET_KEY: optionalText.pipe(
    z.string().startsWith('sb_secret_', 'is not a secret key (sb_secret_…)').optional(),
  ),
  SUPABASE_ANON_KEY: optionalText,
  SUPABASE_JWT_SECRET: optionalText,
  EMBEDDED_DATA_DIR: optionalText,
});

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/**
 * Chooses the backend from the environment, or explains exactly what to set when it is half-configured.
 * No settings at all means the embedded PostgreSQL under `.data/postgres`.
 */
export function readBackend(environment: NodeJS.ProcessEnv = process.env): Backend {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError(`Invalid environment: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const supabaseSettings = [
    env.SUPABASE_URL,
    env.SUPABASE_PUBLISHABLE_KEY,
    env.SUPABASE_SECRET_KEY,
    env.SUPABASE_ANON_KEY,
    env.SUPABASE_JWT_SECRET,
  ];
  if (supabaseSettings.some(Boolean)) {
    // Supabase's API keys come in two generations: publishable + secret, or the legacy anon key.
    if (env.SUPABASE_PUBLISHABLE_KEY && env.SUPABASE_ANON_KEY) {
      throw new ConfigurationError(
        'Set one API key: SUPABASE_PUBLISHABLE_KEY, or the legacy SUPABASE_ANON_KEY, not both.',
      );
    }
    if (env.SUPABASE_SECRET_KEY && env.SUPABASE_ANON_KEY) {
      throw new ConfigurationError(
        'SUPABASE_SECRET_KEY goes with the new API keys: set SUPABASE_PUBLISHABLE_KEY instead of SUPABASE_ANON_KEY.',
      );
    }
    const apiKey = env.SUPABASE_PUBLISHABLE_KEY ?? env.SUPABASE_ANON_KEY;
    const missing = [
      !env.SUPABASE_URL && 'SUPABASE_URL',
      !apiKey && 'SUPABASE_PUBLISHABLE_KEY (or the legacy SUPABASE_ANON_KEY)',
      !env.DATABASE_URL && "DATABASE_URL (Supabase's transaction pooler connection string)",
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigurationError(`Supabase is half-configured: also set ${missing.join(', ')}.`);
    }
    return {
      kind: 'supabase',
      databaseUrl: env.DATABASE_URL as string,
      supabaseUrl: env.SUPABASE_URL as string,
      apiKey: apiKey as string,
      secretKey: env.SUPABASE_SECRET_KEY,
      jwtSecret: env.SUPABASE_JWT_SECRET,
    };
  }
  if (env.DATABASE_URL) return { kind: 'postgres', databaseUrl: env.DATABASE_URL };
  return { kind: 'embedded', dataDir: env.EMBEDDED_DATA_DIR ?? '.data/postgres' };
}

/** The connection string the functions use; the start scripts set it for the embedded backend. */
export function readDatabaseUrl(environment: NodeJS.ProcessEnv = process.env): string {
  const url = environment.DATABASE_URL?.trim();
  if (!url) {
    throw new ConfigurationError(
      'DATABASE_URL is not set. Start the site with `npm start` (embedded database) or set DATABASE_URL.',
    );
  }
  return url;
}

/** Positive whole number from the environment, or the default when unset. */
export function readLimit(
  name: string,
  fallback: number,
  environment: NodeJS.ProcessEnv = process.env,
): number {
  const raw = environment[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigurationError(`${name} must be a whole number`);
  return value;
}

/**
 * The site's own address, for links in emails. Never taken from a request's Host header, which a caller
 * controls (a reset link pointing at another site would hand it the token). Netlify sets URL; `npm start`
 * sets it to the local address.
 */
export function siteUrl(environment: NodeJS.ProcessEnv = process.env): string {
  const configured = environment.URL?.trim() || environment.SITE_URL?.trim() || 'http://localhost:8888';
  return new URL(configured).origin;
}
