import type { RebuildState } from '../../features/content-editor/rebuild-contract.ts';

/**
 * Netlify's deploys of the site, as the content editor needs them to say when a save is live: on
 * Netlify a save is a commit, and the deploy that builds it publishes it. Read through this interface,
 * from Netlify's API (`netlify-deploys.ts`) or the stand-in (`stand-in-deploys.ts`), which the
 * embedded default uses and the tests drive.
 */

/** One deploy, as Netlify's API describes it (`state`: new, enqueued, building, … ready, error). */
export type Deploy = {
  state: string;
  /** When Netlify made it, ISO 8601. */
  createdAt: string;
  /** When it went live, once `ready`. */
  publishedAt?: string;
  /** What Netlify said went wrong, once `error`. */
  errorMessage?: string;
};

export interface SiteDeploys {
  /** The site's latest deploys, newest first. */
  latest(): Promise<Deploy[]>;
}

/** Netlify's states of a deploy that never goes live. */
const failedStates = new Set(['error', 'rejected']);

/**
 * Where the change saved at `savedAt` stands, in the editor's words of a rebuild: live once a deploy
 * made after the save is `ready` and published (at its publishing time), failed when every such deploy failed, and
 * building otherwise, from the first such deploy (or the save, while Netlify has not started one yet)
 * for `estimateSeconds`. A deploy a few seconds older than the save does not count: it cannot hold it.
 */
export function describeDeploySince(deploys: Deploy[], savedAt: Date, estimateSeconds: number): RebuildState {
  const since = deploys
    .filter((deploy) => Date.parse(deploy.createdAt) >= savedAt.getTime())
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  // Ready is built; live is published (a site with auto publishing locked has ready deploys unpublished).
  const live = since.find((deploy) => deploy.state === 'ready' && deploy.publishedAt);
  if (live?.publishedAt) {
    const finishedAt = live.publishedAt;
    return {
      status: 'live',
      finishedAt,
      seconds: Math.max(0, Math.round((Date.parse(finishedAt) - savedAt.getTime()) / 1000)),
    };
  }
  const last = since.at(-1);
  if (last && since.every((deploy) => failedStates.has(deploy.state))) {
    return {
      status: 'failed',
      finishedAt: last.createdAt,
      error: last.errorMessage?.trim() || 'Netlify gave no reason.',
    };
  }
  return { status: 'building', startedAt: since[0]?.createdAt ?? savedAt.toISOString(), estimateSeconds };
}
