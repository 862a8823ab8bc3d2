import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  externalizeIslandRuntime,
  islandRuntimeFileText,
  islandRuntimeLoader,
  islandRuntimePath,
} from './island-runtime-file.ts';

const runtime =
  '(()=>{class f extends HTMLElement{};customElements.get("astro-island")||customElements.define("astro-island",f)})();';
const directive =
  '(()=>{(self.Astro||(self.Astro={})).idle=()=>{};window.dispatchEvent(new Event("astro:idle"));})();';
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const csp = (scripts: string) =>
  `<meta http-equiv="content-security-policy" content="script-src 'self' ${scripts}; style-src 'self'">`;
const page = (scripts: string, head = '') =>
  `<html><head>${head}<style>astro-island{display:contents}</style></head><body>${scripts}<astro-island client="idle"></astro-island></body></html>`;

describe('the island runtime as one file, asked for after the first paint', () => {
  it('takes the script that defines <astro-island> out of the page, for a file named after its text that a loader asks for', () => {
    const { html, file } = externalizeIslandRuntime(
      page(`<script>${directive}</script><script>${runtime}</script>`),
    );
    expect(file).toEqual({
      path: islandRuntimePath(islandRuntimeFileText(runtime)),
      text: islandRuntimeFileText(runtime),
    });
    expect(file?.text).toContain(runtime);
    const loader = islandRuntimeLoader(file?.path ?? '');
    expect(html).toBe(page(`<script>${directive}</script><script>${loader}</script>`));
    expect(file?.path).toMatch(/^\/_astro\/island-runtime\.[0-9a-f]{10}\.js$/);
  });

  it('names the file nowhere the parser would fetch it: no src, no preload, only the loader that waits for load and paint', () => {
    const { html, file } = externalizeIslandRuntime(page(`<script>${runtime}</script>`));
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+island-runtime/);
    const loader = islandRuntimeLoader(file?.path ?? '');
    expect(loader).toContain('addEventListener("load"');
    expect(loader).toContain('first-contentful-paint');
    expect(loader).toContain(JSON.stringify(file?.path));
  });

  it("adds the loader's hash to the page's CSP, keeping what it allowed", () => {
    const { html, file } = externalizeIslandRuntime(
      page(
        `<script>${directive}</script><script>${runtime}</script>`,
        csp(`${hash(directive)} ${hash(runtime)}`),
      ),
    );
    const loader = islandRuntimeLoader(file?.path ?? '');
    expect(html).toContain(`script-src 'self' ${hash(directive)} ${hash(runtime)} ${hash(loader)};`);
  });

  it('names a changed runtime differently, so a cached file is never the wrong one', () => {
    expect(islandRuntimePath(islandRuntimeFileText(`${runtime} `))).not.toBe(
      islandRuntimePath(islandRuntimeFileText(runtime)),
    );
  });

  it('leaves a page without islands, its directives and its JSON data as they are', () => {
    const plain = `<html><body><script type="application/ld+json">{"a":"astro-island"}</script><script>${directive}</script></body></html>`;
    expect(externalizeIslandRuntime(plain)).toEqual({ html: plain, file: null });
  });
});
