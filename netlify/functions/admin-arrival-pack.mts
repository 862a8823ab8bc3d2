import type { Config } from '@netlify/functions';
import { arrivalPackInputSchema } from '../../src/features/arrival-pack/arrival-pack-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { writePack } from '../../src/server/booking/arrival-packs/arrival-pack-service.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

/** `PUT /api/admin-arrival-packs/:property`: a property's arrival pack, written whole; answers every pack. */
export default signedInEndpoint(
  ['PUT'],
  async (request, visitor, context) => {
    const pack = validate(arrivalPackInputSchema, (await readBody(request)).value);
    return json(await writePack(visitor, String(context.params.property ?? ''), pack));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-arrival-packs/:property' };
