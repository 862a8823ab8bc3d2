import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@netlify/functions';
import { describe, expect, it } from 'vitest';
import {
  accountCancellationRoute,
  accountGuestListRoute,
  accountMessagesRoute,
  accountReceiptRoute,
  accountReviewRoute,
  accountServiceCancellationRoute,
  accountServicesRoute,
  accountWithdrawalRoute,
  adminArrivalPackReleaseRoute,
  adminArrivalPackRoute,
  adminBalanceReminderRoute,
  adminBookingServicesRoute,
  adminCalendarFeedRoute,
  adminCalendarFeedsRoute,
  adminCalendarImportRoute,
  adminCalendarLinkRoute,
  adminCollectionRoute,
  adminCsvRoute,
  adminGuestListRoute,
  adminItemAnsweredRoute,
  adminItemReadRoute,
  adminItemRestoreRoute,
  adminItemRoute,
  adminMessagesRoute,
  adminNotesRoute,
  adminPaymentRoute,
  adminPaymentsRoute,
  adminReceiptRoute,
  adminRefundRoute,
  adminRefundsRoute,
  adminReviewReplyRoute,
  adminReviewWithholdingRoute,
  adminSaleStatusRoute,
  adminServiceConfirmationRoute,
  apiRoutes,
  icalFeedRoute,
  messagesReadRoute,
} from '../../src/lib/api-contract.ts';
import { paths, payPath, payReturnPath } from '../../src/lib/paths.ts';

/**
 * Netlify routes a request by each function's `config.path`, a literal it reads from the file; the
 * site and the tests build their URLs from src/lib/api-contract.ts. These tests hold the two equal.
 */

const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');

type FunctionFile = { file: string; text: string; config: Config };

const functions: FunctionFile[] = await Promise.all(
  (await readdir(functionsDir))
    .filter((file) => file.endsWith('.mts'))
    .sort()
    .map(async (file) => {
      const module = (await import(path.join(functionsDir, file))) as { config?: Config };
      return {
        file,
        text: await readFile(path.join(functionsDir, file), 'utf8'),
        config: module.config ?? {},
      };
    }),
);

/** A route builder's answer with Netlify's placeholders in place of its arguments. */
const pattern = (route: string) => decodeURIComponent(route);

/** Every route of the contract, as the pattern a function's `config.path` names. */
const contractRoutes = [
  ...Object.values(apiRoutes),
  pattern(accountCancellationRoute(':id')),
  pattern(accountMessagesRoute(':id')),
  pattern(messagesReadRoute(accountMessagesRoute(':id'))),
  pattern(accountGuestListRoute(':id')),
  pattern(accountReviewRoute(':id')),
  pattern(accountWithdrawalRoute(':id')),
  pattern(accountServicesRoute(':id')),
  pattern(accountServiceCancellationRoute(':id', ':service')),
  pattern(adminServiceConfirmationRoute(':id')),
  pattern(accountReceiptRoute(':id', ':payment')),
  pattern(adminReviewWithholdingRoute(':id')),
  pattern(adminReviewReplyRoute(':id')),
  pattern(adminCollectionRoute(':collection')),
  pattern(adminCsvRoute(':collection')),
  pattern(adminItemRoute(':collection', ':id')),
  pattern(adminItemReadRoute(':collection', ':id')),
  pattern(adminItemAnsweredRoute(':collection', ':id')),
  pattern(adminItemRestoreRoute(':collection', ':id')),
  pattern(adminSaleStatusRoute(':id')),
  pattern(adminPaymentsRoute(':id')),
  pattern(adminPaymentRoute(':id', ':payment')),
  pattern(adminReceiptRoute(':id', ':payment')),
  pattern(adminNotesRoute(':id')),
  pattern(adminBalanceReminderRoute(':id')),
  pattern(adminMessagesRoute(':id')),
  pattern(messagesReadRoute(adminMessagesRoute(':id'))),
  pattern(adminGuestListRoute(':id')),
  pattern(adminArrivalPackReleaseRoute(':id')),
  pattern(adminArrivalPackRoute(':property')),
  pattern(adminRefundsRoute(':id')),
  pattern(adminBookingServicesRoute(':id')),
  pattern(adminRefundRoute(':id', ':refund')),
  pattern(adminCalendarFeedsRoute(':property')),
  pattern(adminCalendarFeedRoute(':property', ':id')),
  pattern(adminCalendarImportRoute(':property')),
  pattern(adminCalendarLinkRoute(':property')),
  pattern(icalFeedRoute(':token')),
  // The pages a function renders: the search's answer, a plain GET form's target, and the payment
  // links (a redirect to the provider's page, or the payment page saying why not) and the return.
  paths.search,
  // The booking and account pages, printed per request for the visitor (issue 50).
  paths.booking,
  paths.account,
  paths.homesForSaleFiltered,
  paths.viewingTimes,
  pattern(payPath(':reference')),
  pattern(payReturnPath(':reference')),
];

const routed = functions.filter(({ config }) => config.path !== undefined);
const scheduled = functions.filter(({ config }) => config.schedule !== undefined);

describe('the functions and the API contract', () => {
  it('finds the functions', () => {
    expect(routed.length).toBeGreaterThan(0);
    expect(scheduled.length).toBeGreaterThan(0);
  });

  it.each(routed)('routes $file to a path of the contract, written as a literal', ({ text, config }) => {
    expect(typeof config.path).toBe('string');
    expect(contractRoutes).toContain(config.path);
    // Netlify reads the path from the file's text, so it must stand there as written, not be computed.
    expect(text).toContain(`path: '${config.path}'`);
  });

  it.each(routed)('excludes only paths of the contract from $file', ({ config }) => {
    const excluded = [config.excludedPath ?? []].flat();
    for (const route of excluded) expect(contractRoutes).toContain(route);
  });

  it.each(contractRoutes)('gives %s exactly one function', (route) => {
    expect(routed.filter(({ config }) => config.path === route).map(({ file }) => file)).toHaveLength(1);
  });

  it.each(scheduled)('runs $file on a schedule only, with no path', ({ config }) => {
    expect(config.schedule).toMatch(/\S/);
    expect(config.path).toBeUndefined();
  });

  it('gives every function either a path or a schedule', () => {
    expect(
      functions.filter(({ config }) => config.path === undefined && config.schedule === undefined),
    ).toEqual([]);
  });
});
