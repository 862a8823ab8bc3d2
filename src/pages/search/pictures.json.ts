import { getImage } from 'astro:assets';
import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import type { SearchPicture } from '../../features/search/search-contract.ts';

/**
 * Each villa's and apartment's card picture, as the search's results draw it: the search function
 * (src/server/search/search-pictures.ts) reads this file from the build, since only the build knows
 * the pictures' hashed file names. SVG artwork is its one file; a photograph, WebP at card widths.
 */
export const GET: APIRoute = async () => {
  const entries = [...(await getCollection('villas')), ...(await getCollection('apartments'))];
  const pictures: Record<string, SearchPicture> = {};
  for (const entry of entries) {
    const [cover] = entry.data.images;
    if (!cover) continue;
    const { src, alt } = cover;
    if (src.format === 'svg') {
      pictures[entry.id] = { src: src.src, width: src.width, height: src.height, alt };
      continue;
    }
    const widths = [400, 640, 800].filter((width) => width <= src.width);
    const image = await getImage({ src, format: 'webp', widths: widths.length > 0 ? widths : [src.width] });
    pictures[entry.id] = {
      src: image.src,
      srcSet: image.srcSet.attribute,
      width: src.width,
      height: src.height,
      alt,
    };
  }
  return new Response(JSON.stringify(pictures), { headers: { 'content-type': 'application/json' } });
};
