/**
 * The content editor's "Rebuild the site now" under `npm start`, as the editor (editor.ts) and the
 * server (scripts/support/rebuild-endpoint.ts) both speak it. Netlify has no such address.
 */

/** `GET` answers a RebuildState; `POST` starts a rebuild (202 with its state, 409 while one runs). */
export const rebuildPath = '/cms/rebuild';

/** Where a rebuild stands: none yet, building (with the seconds it is expected to take), live, or failed with the build's error in words. */
export type RebuildState =
  | { status: 'idle' }
  | { status: 'building'; startedAt: string; estimateSeconds: number }
  | { status: 'live'; finishedAt: string; seconds: number }
  | { status: 'failed'; finishedAt: string; error: string };
