import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cmsEditableFolders } from '../../lib/cms-config.ts';
import type { SaleStatus } from '../../lib/sale-law.ts';
import { isInsideOnDisk } from './content-paths.ts';
import {
  type ContentWriter,
  type HomeFile,
  homeContentPath,
  readPreviousStatus,
  unknownHome,
} from './content-writer.ts';
import { setSaleStatusInText } from './sale-status-text.ts';

/**
 * The stand-in writer: the working copy's own content file (`npm start`'s CMS_WORKING_COPY, the one
 * the content editor saves into), checked on disk as the editor's backend checks its paths. The change
 * shows once the site is built again (`/cms` has "Rebuild the site now"). The file is replaced whole
 * by a rename, so a build reading it meanwhile sees the old file or the new one, never half of one.
 */
export function workingCopyWriter(root: string): ContentWriter {
  return {
    publishes: 'working-copy',
    async setSaleStatus(home: HomeFile, status: SaleStatus) {
      const file = homeContentPath(home);
      if (!(await isInsideOnDisk(root, file, cmsEditableFolders))) throw unknownHome(home);
      const where = path.join(root, file);
      const text = await readFile(where, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') throw unknownHome(home);
        throw error;
      });
      const edited = setSaleStatusInText(text, status);
      const previous = readPreviousStatus(edited.previous, file);
      if (previous === status) return { path: file, previous, saleStatus: status, changed: false };
      const temporary = `${where}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, edited.text, { flag: 'wx' });
        await rename(temporary, where);
      } finally {
        await rm(temporary, { force: true });
      }
      return { path: file, previous, saleStatus: status, changed: true };
    },
  };
}
