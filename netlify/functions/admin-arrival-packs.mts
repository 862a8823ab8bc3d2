import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { listPacks } from '../../src/server/booking/arrival-packs/arrival-pack-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** `GET /api/admin-arrival-packs`: every property with its arrival pack, or null where none is written. */
export default signedInEndpoint(['GET'], async (_request, visitor) => json(await listPacks(visitor)), {
  admin: true,
});

export const config: Config = { path: '/api/admin-arrival-packs' };
