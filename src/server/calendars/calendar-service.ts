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
import { callerFor } from '../admin/admin-access.ts';
import type { Visitor } from '../auth/session.ts';
import { findProperty, loadCatalogue, type PropertyFacts } from '../catalogue/catalogue.ts';
import { readSettings, siteUrl } from '../config.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { Refusal } from '../refusal.ts';
import { conflictAlertMessage } from './calendar-emails.ts';
import {
  deleteFeed,
  type FeedRow,
  findLinkProperty,
  insertFeed,
  listComingBlocks,
  listFeeds,
  listLinkDates,
  listPublishedNights,
  listUntoldConflicts,
  markConflictTold,
  recordFeedFailure,
  replaceFeedBlocks,
  upsertLinkHash,
} from './calendar-repository.ts';
import { defaultFeedFetchLimits, type FeedFetchLimits, fetchFeed, findFeedUrlProblem } from './feed-fetch.ts';
import { buildCalendar, type FeedEvent, type PublishedEvent, readFeedEvents } from './ical-format.ts';

/**
 * Calendar sync: each property's own feed at a secret link, other platforms' feeds imported as
 * blocks, and the office's view of both.
 */

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

/**
 * Imports one feed: fetched and read whole outside any transaction, then its blocks replaced in one.
 * A failure leaves the blocks as they were and records why. A block that lands on a stay confirmed
 * here is kept and the office is alerted, once per block.
 */
async function importFeed(feed: FeedRow, limits: FeedFetchLimits): Promise<FeedImport> {
  const property = await findProperty(feed.property);
  let events: FeedEvent[];
  try {
    ({ events } = readFeedEvents(await fetchFeed(feed.url, limits)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const blocks = await withCaller(serviceRole, async (tx) => {
      await recordFeedFailure(tx, feed.id, reason);
      return feed.block_count;
    });
    return { feedId: feed.id, label: feed.label, ok: false, blocks, error: reason };
  }
  const { blocks, emails } = await withCaller(serviceRole, async (tx) => {
    const count = await replaceFeedBlocks(tx, feed, events);
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

/** "Import now": every feed of one property, for an admin. */
export async function importPropertyFeeds(
  visitor: Visitor,
  slug: string,
  limits: FeedFetchLimits = feedFetchLimits(),
): Promise<{ imports: FeedImport[] }> {
  const property = await requireProperty(slug);
  const feeds = await withCaller(callerFor(visitor), (tx) => listFeeds(tx, property.slug));
  const imports: FeedImport[] = [];
  for (const feed of feeds) imports.push(await importFeed(feed, limits));
  return { imports };
}

/** The hourly import of every feed (the scheduled function, `npm run calendars:import`, `npm start`). */
export async function importAllFeeds(limits: FeedFetchLimits = feedFetchLimits()): Promise<FeedImport[]> {
  const feeds = await withCaller(serviceRole, (tx) => listFeeds(tx));
  const imports: FeedImport[] = [];
  // One at a time: a slow feed costs its own timeout, and the database sees one writer per property.
  for (const feed of feeds) imports.push(await importFeed(feed, limits));
  return imports;
}

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
    return slug ? { slug, nights: await listPublishedNights(tx, slug, from) } : undefined;
  });
  if (!found) throw notFound;
  const property = await findProperty(found.slug);
  const host = new URL(siteUrl()).hostname;
  const events: PublishedEvent[] = [
    ...found.nights.stays.map((stay) => ({
      uid: `${stay.id}@${host}`,
      start: stay.start,
      end: stay.end,
      summary: `Booked (${stay.reference})`,
    })),
    ...found.nights.blocks.map((block) => ({
      uid: `block-${block.id}@${host}`,
      start: block.start,
      end: block.end,
      summary: 'Not available',
    })),
  ].sort((a, b) => a.start.localeCompare(b.start));
  return buildCalendar(`${property?.name ?? found.slug} · Kayal Villas`, events);
}

/**
 * Imports every feed every `everyHours` (the first run a minute after start), one run at a time, until
 * stopped: `npm start`'s stand-in for the hourly scheduled function. Answers the stop function.
 */
export function startCalendarImporter(everyHours = 1): () => void {
  if (everyHours <= 0) return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const imports = await importAllFeeds();
      if (imports.length > 0) console.log(describeImports(imports));
    } catch (error) {
      console.error('The calendar import could not run; it tries again at the next hour', error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, everyHours * 60 * 60 * 1000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
