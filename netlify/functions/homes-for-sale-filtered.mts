import type { Config } from '@netlify/functions';
import { renderFilteredSaleList } from '../../src/server/homes-for-sale/filtered-list-page.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { observed } from '../../src/server/http/observed.ts';
import { allowMethods } from '../../src/server/http/request.ts';

/**
 * `GET /homes-for-sale/filtered?type=…&price=…&status=…`: the homes-for-sale list's filter form, a
 * plain GET form, lands here and gets the built list with only the homes that match.
 */
export default observed(async (request: Request): Promise<Response> => {
  try {
    allowMethods(request, ['GET', 'HEAD']);
    return await renderFilteredSaleList(new URL(request.url).searchParams);
  } catch (error) {
    const refusal = toHttpError(error);
    return new Response(refusal.message, { status: refusal.status, headers: refusal.headers });
  }
});

export const config: Config = { path: '/homes-for-sale/filtered' };
