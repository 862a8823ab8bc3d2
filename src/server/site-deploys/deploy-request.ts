import type { RebuildState } from '../../features/content-editor/rebuild-contract.ts';
import { readLimit } from '../config.ts';
import { HttpError } from '../http/responses.ts';
import { describeDeploySince, type SiteDeploys } from './site-deploys.ts';

/** How far back a save may be asked about: a deploy takes minutes, never a day. */
const oldestSaveMs = 24 * 60 * 60 * 1000;
/** How far ahead of the server a browser's clock may run before its save time is refused. */
const futureSkewMs = 10 * 60_000;

/**
 * The save the editor asks about (`since`, its time in ISO 8601), or a 400 naming the field: the
 * editor sends it, so a wrong one is a fault of the address, said in words all the same.
 */
export function readSavedAt(request: Request, now = new Date()): Date {
  const since = new URL(request.url).searchParams.get('since') ?? '';
  const savedAt = new Date(since);
  const fault =
    !/^\d{4}-\d{2}-\d{2}T/.test(since) || Number.isNaN(savedAt.getTime())
      ? 'Give the time of the save, as an ISO 8601 date and time.'
      : savedAt.getTime() > now.getTime() + futureSkewMs
        ? 'The save’s time is in the future.'
        : savedAt.getTime() < now.getTime() - oldestSaveMs
          ? 'The save is more than a day old: its deploy is long over.'
          : undefined;
  if (fault) throw new HttpError(400, 'bad_request', fault, { since: fault });
  return savedAt;
}

/** Where the deploy of the save at `savedAt` stands, by the minutes a deploy is expected to take. */
export async function readSaveDeploy(deploys: SiteDeploys, savedAt: Date): Promise<RebuildState> {
  const estimateSeconds = Math.max(1, readLimit('CMS_DEPLOY_MINUTES', 5)) * 60;
  return describeDeploySince(await deploys.latest(), savedAt, estimateSeconds);
}
