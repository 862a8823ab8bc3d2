import path from 'node:path';
import { isInsideOnDisk, type PathKind, refuseSpelling } from '../../src/server/content/content-paths.ts';

export { isInsideOnDisk, refuseSpelling };

/**
 * What the content editor's local backend may touch: decap-server in its `fs` mode reads, writes and
 * deletes any path of the working copy it is given (its own check stops only at the working copy's
 * edge, and follows symlinks inside it), so each action is checked here first, and refused whole if
 * any path it names lies outside the editor's folders (`cmsEditableFolders`: src/content, src/assets).
 * Checked by the paths' spelling (no climbing, no absolute or encoded forms) and then on disk (no
 * symlink leading out), before decap-server sees the request: a refused save writes nothing.
 */

/** One path an action names, and where in its body it is (`params.dataFiles[0].path`). */
export type NamedPath = { field: string; value: unknown; kind: PathKind };

export type Refusal = { status: 400 | 403; error: string; field?: string };

type Params = Record<string, unknown>;

const isObject = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each item of an array field, or a refusal when the field is not an array of objects. */
function itemsOf(params: Params, key: string, optional = false): Params[] | Refusal {
  const value = params[key];
  if (value === undefined && optional) return [];
  if (!Array.isArray(value))
    return { status: 400, error: `params.${key} must be a list.`, field: `params.${key}` };
  const bad = value.findIndex((item) => !isObject(item));
  if (bad >= 0) {
    return { status: 400, error: `params.${key}[${bad}] must be an object.`, field: `params.${key}[${bad}]` };
  }
  return value as Params[];
}

/** A data file's path, and the path it is renamed to, if any. */
function dataFilePaths(file: Params, field: string): NamedPath[] {
  const named: NamedPath[] = [{ field: `${field}.path`, value: file.path, kind: 'file' }];
  if (file.newPath !== undefined)
    named.push({ field: `${field}.newPath`, value: file.newPath, kind: 'file' });
  return named;
}

/**
 * The paths decap-server 3.11's `fs` mode reads, writes or deletes for each action it handles, by
 * field. An action not listed here (the editorial workflow's, which `fs` mode does not handle, or one
 * a later decap-server adds) is refused, so none slips past unchecked.
 */
const pathsByAction: Record<string, (params: Params) => NamedPath[] | Refusal> = {
  info: () => [],
  getDeployPreview: () => [],
  entriesByFolder: (params) => [{ field: 'params.folder', value: params.folder, kind: 'folder' }],
  entriesByFiles: (params) => {
    const files = itemsOf(params, 'files');
    if (!Array.isArray(files)) return files;
    return files.map((file, i) => ({ field: `params.files[${i}].path`, value: file.path, kind: 'file' }));
  },
  getEntry: (params) => [{ field: 'params.path', value: params.path, kind: 'file' }],
  persistEntry: (params) => {
    const dataFiles = itemsOf(params, 'dataFiles', true);
    if (!Array.isArray(dataFiles)) return dataFiles;
    const assets = itemsOf(params, 'assets', true);
    if (!Array.isArray(assets)) return assets;
    const named: NamedPath[] = [];
    // decap-server writes `entry` when `dataFiles` is absent; both are checked whichever it uses.
    if (params.entry !== undefined) {
      if (!isObject(params.entry))
        return { status: 400, error: 'params.entry must be an object.', field: 'params.entry' };
      named.push(...dataFilePaths(params.entry, 'params.entry'));
    }
    dataFiles.forEach((file, i) => {
      named.push(...dataFilePaths(file, `params.dataFiles[${i}]`));
    });
    assets.forEach((asset, i) => {
      named.push({ field: `params.assets[${i}].path`, value: asset.path, kind: 'file' });
    });
    return named;
  },
  getMedia: (params) => [{ field: 'params.mediaFolder', value: params.mediaFolder, kind: 'folder' }],
  getMediaFile: (params) => [{ field: 'params.path', value: params.path, kind: 'file' }],
  persistMedia: (params) => {
    if (!isObject(params.asset))
      return { status: 400, error: 'params.asset must be an object.', field: 'params.asset' };
    return [{ field: 'params.asset.path', value: params.asset.path, kind: 'file' }];
  },
  deleteFile: (params) => [{ field: 'params.path', value: params.path, kind: 'file' }],
  deleteFiles: (params) => {
    const paths = params.paths;
    if (!Array.isArray(paths))
      return { status: 400, error: 'params.paths must be a list.', field: 'params.paths' };
    return paths.map((value, i) => ({ field: `params.paths[${i}]`, value, kind: 'file' as const }));
  },
};

/** The actions that list a folder: their answers are filtered as well (see `isInsideOnDisk`). */
export const listingActions = new Set(['entriesByFolder', 'getMedia']);

/** Every path a request body names, or why the body is refused before any path is looked at. */
export function namedPaths(body: unknown): { action: string; paths: NamedPath[] } | Refusal {
  if (!isObject(body)) return { status: 400, error: 'The body must be a JSON object with an action.' };
  const { action, params } = body;
  if (typeof action !== 'string') return { status: 400, error: 'action must be a string.', field: 'action' };
  const pathsOf = Object.hasOwn(pathsByAction, action) ? pathsByAction[action] : undefined;
  if (!pathsOf)
    return {
      status: 400,
      error: `The editor's local backend does not do ${JSON.stringify(action.slice(0, 40))}.`,
      field: 'action',
    };
  if (params !== undefined && !isObject(params)) {
    return { status: 400, error: 'params must be an object.', field: 'params' };
  }
  const paths = pathsOf(params ?? {});
  return Array.isArray(paths) ? { action, paths } : paths;
}

/** A rename keeps an entry in its folder: decap-server moves the old folder's every file with it. */
export function refuseRename(paths: NamedPath[]): Refusal | undefined {
  for (const named of paths) {
    if (!named.field.endsWith('.newPath')) continue;
    const from = paths.find((other) => other.field === named.field.replace(/newPath$/, 'path'));
    if (typeof from?.value === 'string' && typeof named.value === 'string') {
      if (path.posix.dirname(from.value) !== path.posix.dirname(named.value)) {
        return {
          status: 403,
          error: `${named.field} must stay in the folder of the entry it renames.`,
          field: named.field,
        };
      }
    }
  }
  return undefined;
}

/** Why the request is refused, or undefined when every path it names is the editor's to touch. */
export async function refuseRequest(
  root: string,
  body: unknown,
  folders: readonly string[],
): Promise<Refusal | undefined> {
  const named = namedPaths(body);
  if (!('paths' in named)) return named;
  for (const { field, value, kind } of named.paths) {
    const reason = refuseSpelling(value, kind, folders);
    if (reason) {
      return { status: typeof value === 'string' ? 403 : 400, error: `${field} ${reason}.`, field };
    }
  }
  const rename = refuseRename(named.paths);
  if (rename) return rename;
  for (const { field, value } of named.paths) {
    if (!(await isInsideOnDisk(root, value as string, folders))) {
      return {
        status: 403,
        error: `${field} leads outside ${folders.join(' and ')} on disk (through a symlink).`,
        field,
      };
    }
  }
  return undefined;
}
