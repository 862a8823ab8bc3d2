import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

type EmailTemplate = { subject: string; content_path: string };
type SupabaseConfig = {
  db: { major_version: number };
  auth: {
    site_url: string;
    additional_redirect_urls: string[];
    minimum_password_length: number;
    email: Record<string, unknown> & { template: Record<string, EmailTemplate> };
  };
};

const root = path.resolve(import.meta.dirname, '../..');
const readConfig = async () =>
  parse(await readFile(path.join(root, 'supabase/config.toml'), 'utf8')) as unknown as SupabaseConfig;
// The CLI resolves content_path from the folder that holds supabase/.
const readTemplate = async (template: EmailTemplate) =>
  readFile(path.join(root, template.content_path), 'utf8');

describe('supabase/config.toml, as `supabase config push` sends it', () => {
  it('is on the Postgres major version new Supabase projects run, and uses no deprecated key', async () => {
    const config = await readConfig();
    expect(config.db.major_version).toBe(17);
    // [auth.email] enable_signup was replaced by [auth] enable_signup.
    expect(config.auth.email).not.toHaveProperty('enable_signup');
  });

  it('takes the site address from the environment, so no local URL reaches production', async () => {
    const { auth } = await readConfig();
    expect(auth.site_url).toBe('env(SITE_URL)');
    expect(auth.additional_redirect_urls.filter((url) => /localhost|127\.0\.0\.1/.test(url))).toEqual([]);
  });

  it("asks for the site's password length", async () => {
    expect((await readConfig()).auth.minimum_password_length).toBe(10);
  });

  it('leaves a minute between two confirmation or reset emails to one user', async () => {
    expect((await readConfig()).auth.email.max_frequency).toBe('60s');
  });

  it("sends the confirmation and reset links to the site's own pages with the token hash", async () => {
    const { template } = (await readConfig()).auth.email;
    expect(template.confirmation).toBeDefined();
    expect(template.recovery).toBeDefined();
    expect(await readTemplate(template.confirmation as EmailTemplate)).toContain(
      'href="{{ .RedirectTo }}&token={{ .TokenHash }}"',
    );
    expect(await readTemplate(template.recovery as EmailTemplate)).toContain(
      'href="{{ .SiteURL }}/reset-password?token={{ .TokenHash }}"',
    );
  });
});
