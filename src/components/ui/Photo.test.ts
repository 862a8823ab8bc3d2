import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// Builds tests/fixtures/photo-site, one page with the site's image settings that shows a piece of our SVG
// artwork and a JPEG photograph through Photo.astro, the way a section shows content pictures.
const fixture = 'tests/fixtures/photo-site';
const artworkSource = 'src/assets/images/slides/private-pool-dawn.svg';

let buildDir: string;
let html: string;
let assets: string[];

beforeAll(async () => {
  buildDir = await mkdtemp(join(tmpdir(), 'photo-site-'));
  await promisify(execFile)('node', ['node_modules/astro/bin/astro.mjs', 'build', '--root', fixture], {
    env: { ...process.env, PHOTO_SITE_BUILD_DIR: buildDir, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  html = await readFile(join(buildDir, 'dist/index.html'), 'utf8');
  assets = await readdir(join(buildDir, 'dist/_astro'));
}, 180_000);

afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
});

/** The attributes of the first <tag …> that matches every pattern. */
function attributesOf(tag: string, ...patterns: RegExp[]): Record<string, string> {
  const element = [...html.matchAll(new RegExp(`<${tag}\\s[^>]*>`, 'g'))].find(([text]) =>
    patterns.every((pattern) => pattern.test(text)),
  );
  if (!element) throw new Error(`no <${tag}> matching ${patterns.join(' and ')} in:\n${html}`);
  return Object.fromEntries(
    [...element[0].matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );
}

describe('Photo', () => {
  test('serves SVG artwork as one optimised SVG file with its dimensions, loaded first when it is the largest', async () => {
    const img = attributesOf('img', /private-pool-dawn/);
    expect(img.src).toMatch(/^\/_astro\/private-pool-dawn\.[\w-]+\.svg$/);
    expect(img).toMatchObject({ width: '1600', height: '1000', loading: 'eager', fetchpriority: 'high' });
    expect(img.alt).toBe('A private pool at dawn');
    expect(html).not.toMatch(/<source[^>]*private-pool-dawn/);
    const file = (img.src ?? '').slice('/_astro/'.length);
    expect(assets.filter((name) => name.startsWith('private-pool-dawn.'))).toEqual([file]);

    const served = await readFile(join(buildDir, 'dist/_astro', file), 'utf8');
    expect(served.length).toBeLessThan((await stat(artworkSource)).size);
    expect(served).toMatch(/^<svg[^>]* width="1600" height="1000" viewBox="0 0 1600 1000"/);
  });

  test('gives a photograph AVIF and WebP renditions at the widths it has, with its dimensions', () => {
    const avif = attributesOf('source', /type="image\/avif"/, /photograph/);
    const webp = attributesOf('source', /type="image\/webp"/, /photograph/);
    for (const source of [avif, webp]) {
      expect(source.srcset).toMatch(/ 480w, .+ 800w$/);
      expect(source.sizes).toBe('50vw');
    }
    expect(avif.srcset).toMatch(/\.avif /);
    expect(webp.srcset).toMatch(/\.webp /);
    const img = attributesOf('img', /photograph/);
    expect(img).toMatchObject({ width: '960', height: '600', loading: 'lazy' });
    expect(img.src).toMatch(/\.webp$/);
    expect(assets.filter((name) => name.endsWith('.avif')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the gallery viewer’s pictures (renderGalleryPicture)', () => {
  type GalleryPicture = {
    src: string;
    srcSet?: string;
    href: string;
    width: number;
    height: number;
    sources: { type: string; srcSet: string }[];
  };
  const viewerPictures = () =>
    JSON.parse(
      html.match(/<script type="application\/json" id="viewer-pictures">([^<]*)<\/script>/)?.[1] ?? '[]',
    ) as [GalleryPicture, GalleryPicture];

  test('shows SVG artwork as its one file, in the viewer and behind the link', () => {
    const [artwork] = viewerPictures();
    expect(artwork.src).toMatch(/^\/_astro\/private-pool-dawn\.[\w-]+\.svg$/);
    expect(artwork).toMatchObject({ href: artwork.src, width: 1600, height: 1000, sources: [] });
    expect(artwork.srcSet).toBeUndefined();
  });

  test('offers a photograph at each viewer width it has, so a phone takes a narrow one, and links its largest', () => {
    const [, photo] = viewerPictures();
    expect(photo.srcSet).toMatch(/\.webp 640w, .+\.webp 960w$/);
    expect(photo.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(photo.sources[0]?.srcSet).toMatch(/\.avif 640w, .+\.avif 960w$/);
    expect(photo.href).toMatch(/\.webp$/);
    expect(assets).toContain(photo.href.slice('/_astro/'.length));
    expect(photo).toMatchObject({ width: 960, height: 600 });
  });
});
