import { describe, expect, it } from 'vitest';
import { ConfigurationError, readBackend } from './config.ts';

describe('readBackend', () => {
  it('uses the embedded database when nothing is configured', () => {
    expect(readBackend({})).toEqual({ kind: 'embedded', dataDir: '.data/postgres' });
  });

  it('uses any Postgres named by DATABASE_URL', () => {
    expect(readBackend({ DATABASE_URL: 'postgres://u:p@db.example:5432/app' })).toEqual({
      kind: 'postgres',
      databaseUrl: 'postgres://u:p@db.example:5432/app',
    });
  });

  it('uses Supabase when its URL, key and connection string are all set', () => {
    const backend = readBackend({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
      DATABASE_URL: 'postgresql://postgres.abc:pw@aws-0-eu-west-2.pooler.supabase.com:6543/postgres',
    });
    expect(backend.kind).toBe('supabase');
  });

  const supabaseProject = {
    SUPABASE_URL: 'https://abc.supabase.co',
    DATABASE_URL: 'postgresql://postgres.abc:pw@aws-0-eu-west-2.pooler.supabase.com:6543/postgres',
  };

  it('uses Supabase with its publishable and secret keys', () => {
    expect(
      readBackend({
        ...supabaseProject,
        SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc',
        SUPABASE_SECRET_KEY: 'sb_secret_xyz',
      }),
    ).toMatchObject({ kind: 'supabase', apiKey: 'sb_publishable_abc', secretKey: 'sb_secret_xyz' });
  });

  it('uses Supabase with its legacy anon key and JWT secret', () => {
    expect(
      readBackend({ ...supabaseProject, SUPABASE_ANON_KEY: 'eyJanon', SUPABASE_JWT_SECRET: 'secret' }),
    ).toMatchObject({ kind: 'supabase', apiKey: 'eyJanon', secretKey: undefined, jwtSecret: 'secret' });
  });

  it.each([
    [{ ...supabaseProject, SUPABASE_SECRET_KEY: 'sb_secret_xyz' }, /SUPABASE_PUBLISHABLE_KEY/],
    [{ SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc' }, /SUPABASE_URL.*DATABASE_URL/],
    [{ SUPABASE_JWT_SECRET: 'secret' }, /SUPABASE_URL.*SUPABASE_PUBLISHABLE_KEY.*DATABASE_URL/],
    [
      { ...supabaseProject, SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc', SUPABASE_ANON_KEY: 'eyJanon' },
      /one API key.*not both/,
    ],
    [
      { ...supabaseProject, SUPABASE_ANON_KEY: 'eyJanon', SUPABASE_SECRET_KEY: 'sb_secret_xyz' },
      /instead of SUPABASE_ANON_KEY/,
    ],
    [
      { ...supabaseProject, SUPABASE_PUBLISHABLE_KEY: 'sb_secret_xyz' },
      /SUPABASE_PUBLISHABLE_KEY: is not a publishable key/,
    ],
    [
      {
        ...supabaseProject,
        SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc',
        SUPABASE_SECRET_KEY: 'eyJservice',
      },
      /SUPABASE_SECRET_KEY: is not a secret key/,
    ],
  ])('explains a half-set or mixed Supabase key configuration in %j', (environment, message) => {
    expect(() => readBackend(environment)).toThrow(ConfigurationError);
    expect(() => readBackend(environment)).toThrow(message);
  });

  it.each([
    [{ SUPABASE_URL: 'https://abc.supabase.co' }, /SUPABASE_ANON_KEY.*DATABASE_URL/],
    [{ SUPABASE_ANON_KEY: 'k', DATABASE_URL: 'postgres://x@y/z' }, /SUPABASE_URL/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL/],
  ])('explains what is missing or wrong in %j', (environment, message) => {
    expect(() => readBackend(environment)).toThrow(ConfigurationError);
    expect(() => readBackend(environment)).toThrow(message);
  });

  it('treats empty settings as unset', () => {
    expect(readBackend({ DATABASE_URL: '', SUPABASE_URL: ' ' }).kind).toBe('embedded');
  });
});
