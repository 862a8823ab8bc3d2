import type { Config } from '@netlify/functions';
import { describePurge, purgeTrash } from '../../src/server/admin/trash.ts';

/** Daily: rows in the dashboard's trash for more than 30 days are removed for good. */
export default async () => {
  console.log(describePurge(await purgeTrash()));
};

export const config: Config = { schedule: '@daily' };
