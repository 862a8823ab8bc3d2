import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { policySchema } from './content-schemas.ts';
import { paths } from './paths.ts';
import { policyLink, policyLinks } from './policies.ts';

const policyFolder = new URL('../content/policies/', import.meta.url);

/** The front matter of a content file, as Astro's loader reads it. */
function readFrontMatter(id: string): unknown {
  const text = readFileSync(new URL(`${id}.md`, policyFolder), 'utf8');
  return parse(text.match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '');
}

describe('the policy pages', () => {
  it('are the four routes paths.ts names, each once', () => {
    expect(policyLinks.map((link) => link.href)).toEqual([
      paths.cancellationPolicy,
      paths.privacy,
      paths.houseRules,
      paths.reviewPolicy,
    ]);
  });

  it('each have a Markdown file, and no file is left without a page', () => {
    const files = readdirSync(policyFolder).filter((file) => file.endsWith('.md'));
    expect(files.map((file) => file.replace(/\.md$/, '')).sort()).toEqual(
      policyLinks.map((link) => link.id).sort(),
    );
  });

  it.each(policyLinks.map((link) => [link.id]))('%s.md keeps the policy schema', (id) => {
    expect(policySchema.safeParse(readFrontMatter(id)).error?.issues ?? []).toEqual([]);
  });

  it('finds one policy by its file name', () => {
    expect(policyLink('privacy')).toEqual({ id: 'privacy', label: 'Privacy notice', href: '/privacy' });
  });
});
