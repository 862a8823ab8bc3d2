import { officeTimeZone } from '../../lib/dates.ts';
import { paths, postPath, propertyPath } from '../../lib/paths.ts';
import { policyLinks } from '../../lib/policies.ts';

/**
 * What the content editor says after a save: the address of the page the entry is on, and how a
 * rebuild stands. Pure, so a unit test holds the words; editor.ts draws them.
 */

/** The address of the page a saved entry shows on, or undefined when no one page shows it. */
export function pageOfEntry(collection: string, slug: string): string | undefined {
  switch (collection) {
    case 'villas':
    case 'apartments':
      return propertyPath(collection, slug);
    case 'posts':
      return postPath(slug);
    case 'projects':
      return paths.projects;
    case 'policies':
      return policyLinks.find((link) => link.id === slug)?.href;
    case 'settings':
      return slug === 'jobs' ? paths.careers : slug === 'exchange-rates' ? undefined : paths.home;
    default:
      return undefined;
  }
}

/** The line shown while a rebuild runs: the time left by its estimate, never below a few seconds. */
export function describeRebuilding(state: { startedAt: string; estimateSeconds: number }, now: Date): string {
  const elapsed = (now.getTime() - Date.parse(state.startedAt)) / 1000;
  const left = Math.round(state.estimateSeconds - elapsed);
  return left > 5 ? `Rebuilding… about ${left} s` : 'Rebuilding… almost done';
}

/**
 * Under `npm start`, right after a save: saved, and plainly not live, since the site serves its last
 * build until the office rebuilds it.
 */
export function describeSavedNotLive(address: string | undefined): string {
  return `Saved, but not live yet: the site shows the old version until it is rebuilt.${address ? ' It will show on' : ''}`;
}

/** When a rebuild went live, on the office's clock: "Live at 10:42". */
export function describeLive(finishedAt: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: officeTimeZone,
  }).format(new Date(finishedAt));
  return `Live at ${time}`;
}

/** On Netlify: a save is a commit, live once Netlify has deployed it. */
export function describeNextDeploy(minutes: number): string {
  return `Saved, but not live yet: it goes live after the next deploy, in about ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * On Netlify, while the deploy of a save runs (read from Netlify's deploy status): saved, not live
 * yet, and the minutes left by the deploy's estimate, never below one.
 */
export function describeDeploying(state: { startedAt: string; estimateSeconds: number }, now: Date): string {
  const elapsed = (now.getTime() - Date.parse(state.startedAt)) / 1000;
  const minutes = Math.round((state.estimateSeconds - elapsed) / 60);
  const left = minutes >= 1 ? `about ${minutes} minute${minutes === 1 ? '' : 's'} left` : 'almost done';
  return `Saved, but not live yet: Netlify is deploying it, ${left}.`;
}

/** On Netlify, a deploy that failed: the site as it was is still served, and Netlify's reason. */
export function describeDeployFailed(error: string): string {
  return `Saved, but not live: Netlify's deploy failed, and the site as it was is still served. Netlify said: ${error}`;
}
