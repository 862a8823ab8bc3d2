import { officeTimeZone } from '../../lib/dates.ts';

/**
 * How values leave the database as text, written once for every repository. Each takes a column (or
 * any SQL expression we wrote) and gives the SQL that formats it; never text from a request.
 */

/** A timestamp as ISO 8601 in UTC with milliseconds, the way `Date.toJSON` writes one. */
export const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A calendar date as `YYYY-MM-DD`: pg would make a JS Date at local midnight, which can shift it. */
export const isoDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** A timestamp on the office's clock in Kerala, as a CSV opened there should show it. */
export const officeTime = (column: string) =>
  `to_char(${column} at time zone '${officeTimeZone}', 'YYYY-MM-DD HH24:MI')`;

/** An amount in pence as pounds with two decimals, for a spreadsheet. */
export const pounds = (column: string) => `to_char(${column} / 100.0, 'FM999999990.00')`;
