import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type SearchPicture, searchPictureSchema } from '../../features/search/search-contract.ts';
import { log } from '../runtime/logger.ts';

/**
 * Each property's card picture as the build rendered it (`dist/search/pictures.json`, written by
 * src/pages/search/pictures.json.ts and shipped with the functions by netlify.toml's `included_files`):
 * only the build knows the hashed file names. A run without a build has none, and the results show
 * without pictures rather than failing.
 */
const builtPicturesSchema = z.record(z.string(), searchPictureSchema);

/** The path of the pictures file under the site's root, as the build writes it. */
export const builtPicturesPath = path.join('dist', 'search', 'pictures.json');

const loaded = new Map<string, Promise<Map<string, SearchPicture>>>();

/** Slug → picture, read once per process (the file changes only with a deploy). */
export function loadSearchPictures(root = process.cwd()): Promise<Map<string, SearchPicture>> {
  let pictures = loaded.get(root);
  if (!pictures) {
    pictures = readFile(path.join(root, builtPicturesPath), 'utf8').then(
      (text) => new Map(Object.entries(builtPicturesSchema.parse(JSON.parse(text)))),
      (error: unknown) => {
        log().error(
          { err: error, file: builtPicturesPath },
          'The search pictures could not be read (no build?); results show without pictures',
        );
        return new Map<string, SearchPicture>();
      },
    );
    loaded.set(root, pictures);
  }
  return pictures;
}
