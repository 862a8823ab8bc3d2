import path from 'node:path';
import type { SaleKind } from '../../features/buyer-enquiry/buyer-enquiry-contract.ts';
import { cmsEditableFolders } from '../../lib/cms-config.ts';
import { type SaleStatus, saleStatuses } from '../../lib/sale-law.ts';
import { Refusal } from '../refusal.ts';
import { refuseSpelling } from './content-paths.ts';

/**
 * The one seam through which the server changes the site's content, as the content editor (`/cms`)
 * does: a change written here shows on the site once it is next built. Two implementations, chosen by
 * configuration (`choose-content-writer.ts`): the working copy's files (`npm start`, the tests), and a
 * commit on the content's GitHub branch (Netlify), which starts Netlify's build as a `/cms` save does.
 */

/** A home's content file, as the content collections name it. */
export type HomeFile = { kind: SaleKind; slug: string };

/** What a write did: the file, the status before and after, and the commit it made, if any. */
export type SaleStatusWrite = {
  /** The file's path from the repository's root (`src/content/villas/kovalam-cliff-villa.md`). */
  path: string;
  previous: SaleStatus;
  saleStatus: SaleStatus;
  /** False when the file already said `saleStatus`: nothing was written. */
  changed: boolean;
  /** The commit's sha, for a writer that commits. */
  revision?: string;
};

export interface ContentWriter {
  /** How a change reaches the site: at the working copy's next build, or by a commit that Netlify builds. */
  readonly publishes: 'working-copy' | 'commit';
  /**
   * Sets one home's `saleStatus`, keeping the rest of its file byte for byte; `message` describes the
   * change where the writer keeps one (a commit's message). Refuses a home the content does not have.
   */
  setSaleStatus(home: HomeFile, status: SaleStatus, message: string): Promise<SaleStatusWrite>;
}

/** The refusal of a home the content has no file for: the request's field `property` is at fault. */
export const unknownHome = (home: HomeFile) =>
  new Refusal('invalid', 'Some fields need your attention.', {
    property: `The content has no ${home.kind.replace(/s$/, '')} called ${JSON.stringify(home.slug)}`,
  });

/**
 * The content file of a home, checked by the content editor's own rule for the paths it writes
 * (`refuseSpelling` over `cmsEditableFolders`) and kept to its kind's folder, or a refusal of the home.
 */
export function homeContentPath(home: HomeFile): string {
  const file = `src/content/${home.kind}/${home.slug}.md`;
  if (
    // An entry's id as the content collections make it: a file name without its folder or extension.
    !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(home.slug) ||
    refuseSpelling(file, 'file', cmsEditableFolders) !== undefined ||
    path.posix.dirname(file) !== `src/content/${home.kind}`
  ) {
    throw unknownHome(home);
  }
  return file;
}

/** The status a file said, as the content schema reads it; anything else means the file was not valid content. */
export function readPreviousStatus(previous: unknown, file: string): SaleStatus {
  const status = saleStatuses.find((known) => known === previous);
  if (!status)
    throw new Error(`${file} has saleStatus ${JSON.stringify(previous)}, which the schema refuses.`);
  return status;
}
