import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMovedPages } from '../../scripts/support/moved-pages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const moved = readMovedPages(path.join(root, 'netlify.toml'), mkdtempSync(path.join(tmpdir(), 'no-build-')));
const at = (address: string) => {
  const url = new URL(address, 'http://localhost');
  return moved(url.pathname, url.searchParams);
};

describe('the old addresses npm start moves as Netlify does (netlify.toml)', () => {
  it('moves an address to a function’s page with a 301, not that function’s answer', () => {
    expect(at('/dashboard')).toEqual({ to: '/account', status: 301 });
  });

  it('matches a rule’s query first, in the file’s order, and falls back to the rule without one', () => {
    expect(at('/singlepage?id=3')).toEqual({ to: '/villas/kumarakom-lakeside-villa', status: 301 });
    expect(at('/singlepage?id=99')).toEqual({ to: '/villas?id=99', status: 301 });
  });

  it('keeps the query of an address moved by its path alone', () => {
    expect(at('/paymentpage?ref=KV-2026-0001')).toEqual({ to: '/account?ref=KV-2026-0001', status: 301 });
  });

  it('moves nothing else', () => {
    expect(at('/villas')).toBeUndefined();
    expect(at('/api/health')).toBeUndefined();
  });
});
