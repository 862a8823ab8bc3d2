import { readBackend } from '../config.ts';
import type { AuthProvider } from './auth-provider.ts';
import { embeddedAuth } from './embedded-auth.ts';
import { supabaseAuth } from './supabase-auth.ts';

/** Supabase Auth when Supabase is configured; otherwise the embedded auth on the project's database. */
export function authProvider(environment: NodeJS.ProcessEnv = process.env): AuthProvider {
  const backend = readBackend(environment);
  if (backend.kind === 'supabase') {
    return supabaseAuth({
      supabaseUrl: backend.supabaseUrl,
      apiKey: backend.apiKey,
      secretKey: backend.secretKey,
      jwtSecret: backend.jwtSecret,
    });
  }
  return embeddedAuth;
}
