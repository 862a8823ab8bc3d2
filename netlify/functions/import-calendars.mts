import type { Config } from '@netlify/functions';
import { describeImports, importAllFeeds } from '../../src/server/calendars/calendar-service.ts';

/** Hourly: every property's feeds from other platforms, imported as blocks. */
export default async () => {
  console.log(describeImports(await importAllFeeds()));
};

export const config: Config = { schedule: '@hourly' };
