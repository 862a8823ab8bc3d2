import { createHash, randomBytes } from 'node:crypto';
import {
  type CalendarFeedInput,
  type CalendarLink,
  type CalendarOverview,
  type FeedImport,
  propertySlugSchema,
} from '../../features/calendar-sync/calendar-sync-contract.ts';
import { icalFeedRoute } from '../../lib/api-contract.ts';
import { addDays, todayInKerala } from '../../lib/dates.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { listPublishedStays } from '../booking/availability-service.ts';
import { findProperty, loadCatalogue, type PropertyFacts } from '../catalogue/catalogue.ts';
import { readSettings, siteUrl } from '../config.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { Refusal } from '../refusal.ts';
import { log } from '../runtime/logger.ts';
import { conflictAlertMessage } from './calendar-sync-emails.ts';
import {
  claimDueFeed,
  countDueFeeds,
  deleteFeed,
  type FeedRow,
  findLinkProperty,
  type ImportQueue,
  importQueueCutoff,
  insertFeed,
  listComingBlocks,
  listFeeds,
  listLinkDates,
  listPublishedBlocks,
  listUntoldConflicts,
  markConflictTold,
  recordFeedFailure,
  replaceFeedBlocks,
  upsertLinkHash,
} from './calendar-sync-repository.ts';
import {
  defaultFeedFetchLimits,
  FeedFetchError,
  type FeedFetchLimits,
  fetchFeed,
  findFeedUrlProblem,
} from './feed-fetch.ts';
import { defaultReadLimits, type FeedReaders, type ReadLimits, startFeedReaders } from './feed-reader.ts';
import { buildCalendar, type FeedReading, FeedRefusal, type PublishedEvent } from './ical-format.ts';

/**
 * Calendar sync: each property's own feed at a secret link, other platforms' feeds imported as
 * blocks, and the office's view of both.
 */

/**
 * How an import runs: each feed's fetch and read limits, how many feeds are worked on at once, and
 * (for a run with a time limit of its own, like Netlify's scheduled function) how long after the run
 * began a feed may still be started; the rest wait for the next run, which takes them first.
 */
export type ImportLimits = FeedFetchLimits &
  Partial<ReadLimits> & { concurrency?: number; startWithinMs?: number };

/** The fetch limits this deployment uses: loopback feeds only where the environment allows them. */
export function feedFetchLimits(environment: NodeJS.ProcessEnv = process.env): FeedFetchLimits {
  return {
    ...defaultFeedFetchLimits,
    allowLoopback: readSettings(environment).CALENDAR_FEEDS_ALLOW_LOOPBACK === '1',
  };
}

async function requireProperty(slug: string): Promise<PropertyFacts> {
  const parsed = propertySlugSchema.safeParse(slug);
  const property = parsed.success ? await findProperty(parsed.data) : undefined;
  if (!property) throw new Refusal('not_found', 'We have no villa or apartment at that address.');
  return property;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Every property, with its feeds, its coming blocks (and the stays they clash with) and its link's date. */
export async function showCalendarOverview(visitor: Visitor): Promise<CalendarOverview> {
  const catalogue = await loadCatalogue();
  const { feeds, blocks, links } = await withCaller(callerFor(visitor), async (tx) => ({
    feeds: await listFeeds(tx),
    blocks: await listComingBlocks(tx, todayInKerala()),
    links: await listLinkDates(tx),
  }));
  return {
    properties: catalogue.properties.map((property) => ({
      property: property.slug,
      name: property.name,
      linkCreatedAt: iso(links.get(property.slug) ?? null),
      feeds: feeds
        .filter((feed) => feed.property === property.slug)
        .map((feed) => ({
          id: feed.id,
          label: feed.label,
          url: feed.url,
          lastTriedAt: iso(feed.last_tried_at),
          lastSyncedAt: iso(feed.last_synced_at),
          lastError: feed.last_error,
          lastWarning: feed.last_warning,
          blockCount: feed.block_count,
        })),
      blocks: blocks
        .filter((block) => block.property === property.slug)
        .map(({ id, start, end, label, summary, conflicts }) => ({
          id,
          start,
          end,
          label,
          summary,
          conflicts,
        })),
    })),
  };
}

/** Adds another platform's feed to a property; refuses a URL the server may not fetch, or one it has. */
export async function addCalendarFeed(
  visitor: Visitor,
  slug: string,
  input: CalendarFeedInput,
): Promise<{ id: string }> {
  const property = await requireProperty(slug);
  const problem = findFeedUrlProblem(input.url, feedFetchLimits());
  if (problem) throw new Refusal('invalid', 'Some fields need your attention.', { url: problem });
  const id = await withCaller(callerFor(visitor), (tx) =>
    insertFeed(tx, { property: property.slug, label: input.label, url: input.url }),
  );
  if (!id) {
    throw new Refusal('conflict', `${property.name} already imports that calendar.`, {
      url: 'This link is already added',
    });
  }
  return { id };
}

/** Removes a feed and the blocks it brought. */
export async function removeCalendarFeed(
  visitor: Visitor,
  slug: string,
  id: string,
): Promise<{ removed: true }> {
  const property = await requireProperty(slug);
  const removed = await withCaller(callerFor(visitor), (tx) => deleteFeed(tx, property.slug, id));
  if (!removed) throw new Refusal('not_found', `${property.name} has no such calendar feed.`);
  return { removed: true };
}

// What the office reads when the import failed for a reason of ours rather than the feed's.
const ourFailure = 'The calendar could not be read this time; the next import tries again';

/**
 * Imports one feed: fetched, then read whole in a worker thread under a deadline, outside any
 * transaction; then its blocks replaced in one. A failure leaves the blocks as they were and records
 * why. A block that lands on a stay confirmed here is kept and the office is alerted, once per block.
 */
async function importFeed(feed: FeedRow, limits: ImportLimits, readers: FeedReaders): Promise<FeedImport> {
  const property = await findProperty(feed.property);
  let reading: FeedReading;
  try {
    const text = await fetchFeed(feed.url, limits);
    reading = await readers.read(text, todayInKerala());
  } catch (error) {
    const theFeeds = error instanceof FeedRefusal || error instanceof FeedFetchError;
    if (!theFeeds) log().error({ err: error, feedId: feed.id }, 'A calendar import failed');
    const reason = theFeeds ? error.message : ourFailure;
    await withCaller(serviceRole, (tx) => recordFeedFailure(tx, feed.id, reason));
    return { feedId: feed.id, label: feed.label, ok: false, blocks: feed.block_count, error: reason };
  }
  const { blocks, emails } = await withCaller(serviceRole, async (tx) => {
    const count = await replaceFeedBlocks(tx, feed, reading.events, reading.note);
    const queued: string[] = [];
    for (const conflict of await listUntoldConflicts(tx, feed.id)) {
      const email = conflictAlertMessage(
        conflict,
        { label: feed.label, propertyName: property?.name ?? feed.property },
        siteUrl(),
      );
      queued.push(
        await queueEmail(tx, 'calendar_conflict_alert', email, {
          bookingRequestId: conflict.bookingRequestId,
        }),
      );
      await markConflictTold(tx, conflict.blockId);
    }
    return { blocks: count, emails: queued };
  });
  if (emails.length > 0) await deliverQueuedEmails(emails);
  return { feedId: feed.id, label: feed.label, ok: true, blocks, error: null };
}

/**
 * How often the queue is worked: Netlify's schedule for `import-calendars` (its cron string must be a
 * literal, so it says the same) and `npm start`'s timer. A feed is due a run's period before its hour
 * is up, so a feed imported at 10:00:03 is taken again at 11:00, not 11:05.
 */
export const importRunEveryMinutes = 5;

export type ImportRun = { imports: FeedImport[]; stillDue: number };

/**
 * Works the import queue: `concurrency` lanes, each reading in a worker thread of its own, each
 * claiming the next due feed and importing it, until none is due or (for a run with a time limit, like
 * Netlify's scheduled function) `startWithinMs` has passed since the run began. Each feed has its own
 * deadlines (fetch, then read), so a slow or hostile one costs its own lane that long and the others go
 * on. A claim lasts as long as a feed may take and a minute more, so runs at the same time (a slow one
 * and the next, "Import now" beside the schedule) never take one feed twice, and a feed whose run died
 * is taken again once its claim has lapsed. Answers what it imported, in the order they ended, and how
 * many feeds it left due.
 */
async function workImportQueue(
  scope: { dueAfterSeconds: number; property?: string },
  limits: ImportLimits,
): Promise<ImportRun> {
  const began = Date.now();
  const reading = { ...defaultReadLimits, ...limits };
  const leaseSeconds =
    Math.ceil((limits.timeoutMs + reading.readTimeoutMs + reading.startTimeoutMs) / 1000) + 60;
  const queue: ImportQueue = {
    cutoff: await withCaller(serviceRole, (tx) => importQueueCutoff(tx, scope.dueAfterSeconds)),
    ...(scope.property ? { property: scope.property } : {}),
  };
  const readers = startFeedReaders(reading);
  const imports: FeedImport[] = [];
  const lane = async () => {
    while (limits.startWithinMs === undefined || Date.now() - began <= limits.startWithinMs) {
      const feed = await withCaller(serviceRole, (tx) => claimDueFeed(tx, queue, leaseSeconds));
      if (!feed) return;
      imports.push(await importFeed(feed, limits, readers));
    }
  };
  try {
    await Promise.all(Array.from({ length: limits.concurrency ?? 4 }, lane));
  } finally {
    await readers.close();
  }
  const stillDue = await withCaller(serviceRole, (tx) => countDueFeeds(tx, queue));
  if (stillDue > 0)
    log().warn({ stillDue, imported: imports.length }, 'Calendar import: feeds left for the next run');
  return { imports, stillDue };
}

/** "Import now": every feed of one property, for an admin (the feeds the admin may read). */
export async function importPropertyFeeds(
  visitor: Visitor,
  slug: string,
  limits: ImportLimits = feedFetchLimits(),
): Promise<{ imports: FeedImport[] }> {
  const property = await requireProperty(slug);
  const feeds = await withCaller(callerFor(visitor), (tx) => listFeeds(tx, property.slug));
  if (feeds.length === 0) return { imports: [] };
  const run = await workImportQueue({ dueAfterSeconds: 0, property: property.slug }, limits);
  return { imports: run.imports };
}

/** Every feed, now, whether due or not (`npm run calendars:import`). */
export async function importAllFeeds(limits: ImportLimits = feedFetchLimits()): Promise<FeedImport[]> {
  return (await workImportQueue({ dueAfterSeconds: 0 }, limits)).imports;
}

/**
 * A scheduled run's lanes: a feed's time is mostly the platform's answer (and a silent one holds its
 * lane for the whole fetch deadline), so eight wait at once; reading stays one feed a lane, in workers.
 * `npm run bench:calendar-import` measured the hour's runs with it.
 */
export const scheduledImportLanes = 8;

/**
 * One scheduled run (Netlify every `importRunEveryMinutes`, `npm start`'s timer): the feeds due, each
 * once every `everyHours`.
 */
export async function importDueFeeds(
  limits: ImportLimits & { everyHours?: number } = feedFetchLimits(),
): Promise<ImportRun> {
  const everyHours = limits.everyHours ?? 1;
  return workImportQueue(
    { dueAfterSeconds: Math.max(0, everyHours * 3600 - importRunEveryMinutes * 60) },
    { concurrency: scheduledImportLanes, ...limits },
  );
}

/** The run's line for the log: what it imported, and what it left for the next run. */
export const describeImportRun = ({ imports, stillDue }: ImportRun) =>
  `${describeImports(imports)}${stillDue > 0 ? `; ${stillDue} still due, left for the next run` : ''}`;

export const describeImports = (imports: FeedImport[]) => {
  const failed = imports.filter((one) => !one.ok);
  return `Calendar import: ${imports.length - failed.length} of ${imports.length} feeds imported${failed
    .map((one) => `; ${one.label} (${one.feedId}) failed: ${one.error}`)
    .join('')}`;
};

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/**
 * A new secret link to a property's own feed: 256 random bits, of which only the hash is kept. The
 * old link stops working at once.
 */
export async function rotateCalendarLink(visitor: Visitor, slug: string): Promise<CalendarLink> {
  const property = await requireProperty(slug);
  const token = randomBytes(32).toString('base64url');
  const createdAt = await withCaller(callerFor(visitor), (tx) =>
    upsertLinkHash(tx, property.slug, hashToken(token)),
  );
  return { url: `${siteUrl()}${icalFeedRoute(token)}`, createdAt: createdAt.toISOString() };
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The iCal text of the property whose link has this token, or `not_found`. The lookup is by the
 * token's hash, so its time says nothing about how much of a token was right.
 */
export async function readPublishedCalendar(token: string): Promise<string> {
  const notFound = new Refusal('not_found', 'There is no calendar at this address.');
  if (!tokenPattern.test(token)) throw notFound;
  const from = addDays(todayInKerala(), -30);
  const found = await withCaller(serviceRole, async (tx) => {
    const slug = await findLinkProperty(tx, hashToken(token));
    if (!slug) return undefined;
    const nights = {
      stays: await listPublishedStays(tx, slug, from),
      blocks: await listPublishedBlocks(tx, slug, from),
    };
    return { slug, nights };
  });
  if (!found) throw notFound;
  const property = await findProperty(found.slug);
  const host = new URL(siteUrl()).hostname;
  const events: PublishedEvent[] = [
    ...found.nights.stays.map((stay) => ({
      uid: `${stay.uid}@${host}`,
      start: stay.start,
      end: stay.end,
      summary: stay.held ? `On hold while the guest pays (${stay.reference})` : `Booked (${stay.reference})`,
    })),
    ...found.nights.blocks.map((block) => ({
      uid: `${block.uid}@${host}`,
      start: block.start,
      end: block.end,
      summary: 'Not available',
    })),
  ].sort((a, b) => a.start.localeCompare(b.start));
  return buildCalendar(`${property?.name ?? found.slug} · Kayal Villas`, events);
}

/**
 * Works the import queue every `importRunEveryMinutes` (the first run a minute after start), one run
 * at a time, each feed once every `everyHours`, until stopped: `npm start`'s stand-in for the scheduled
 * function. `everyHours` 0 turns it off. Answers the stop function.
 */
export function startCalendarImporter(everyHours = 1): () => void {
  if (everyHours <= 0) return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const ran = await importDueFeeds({ ...feedFetchLimits(), everyHours });
      if (ran.imports.length > 0) console.log(describeImportRun(ran));
    } catch (error) {
      console.error('The calendar import could not run; the next run tries again', error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, importRunEveryMinutes * 60 * 1000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
