import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which paths of a working copy the content may be written at: the one check of the content editor's
 * local backend (scripts/support/cms-content-paths.ts applies it to every action decap-server is asked
 * for) and of the server's own content writes (`content-writer.ts`). A path is checked by its spelling
 * (no climbing, no absolute or encoded forms) and then on disk (no symlink leading out).
 */

/** Whether a path names a file, or a folder to list. */
export type PathKind = 'file' | 'folder';

/**
 * Why a path's spelling is refused, or undefined when it is a plain relative path inside one of
 * `folders` (a file strictly inside; a folder may be one of them itself). Nothing decodes a path on its
 * way to the disk, so an encoded form (`%2e%2e`) would only be an odd file name, and is refused as one.
 */
export function refuseSpelling(
  value: unknown,
  kind: PathKind,
  folders: readonly string[],
): string | undefined {
  if (typeof value !== 'string' || value === '') return 'must be a non-empty text';
  if (value.length > 1024) return 'is too long';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'holds a control character';
  if (value.includes('\\')) return 'holds a backslash';
  if (/%[0-9a-f]{2}/i.test(value)) return 'holds an encoded character';
  if (value.startsWith('/') || /^[a-z]:/i.test(value)) return 'is absolute';
  const trimmed = kind === 'folder' && value.endsWith('/') ? value.slice(0, -1) : value;
  const segments = trimmed.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return 'holds an empty, "." or ".." part';
  }
  const inside = folders.some((folder) => {
    const depth = folder.split('/').length;
    return segments.slice(0, depth).join('/') === folder && (kind === 'folder' || segments.length > depth);
  });
  return inside ? undefined : `is outside ${folders.join(' and ')}`;
}

/**
 * Whether `relative` (spelled as `refuseSpelling` accepts) stays inside one of `folders` on disk: the
 * real path of the file, or of its nearest existing ancestor for one not written yet, lies in a
 * folder's real path. A symlink anywhere on the way that leads out is caught here.
 */
export async function isInsideOnDisk(
  root: string,
  relative: string,
  folders: readonly string[],
): Promise<boolean> {
  const realFolders = await Promise.all(
    folders.map((folder) => realpath(path.join(root, folder)).catch(() => undefined)),
  );
  let existing = path.join(root, relative);
  for (;;) {
    try {
      await lstat(existing);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
      const parent = path.dirname(existing);
      if (parent === existing) return false;
      existing = parent;
    }
  }
  let real: string;
  try {
    real = await realpath(existing);
  } catch {
    return false; // a dangling symlink: where it would write is not known
  }
  return realFolders.some(
    (folder) => folder !== undefined && (real === folder || real.startsWith(`${folder}${path.sep}`)),
  );
}
