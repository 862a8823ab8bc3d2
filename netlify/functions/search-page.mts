import type { Config } from '@netlify/functions';
import { renderSearchView } from '../../src/features/search/render-search.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { observed } from '../../src/server/http/observed.ts';
import { allowMethods } from '../../src/server/http/request.ts';
import { renderSearchPage } from '../../src/server/search/render-search-page.ts';
import { readSearch, readSearchValues, searchStays } from '../../src/server/search/search-service.ts';

/**
 * `GET /search?arrival=…&departure=…&guests=…`: the home page's search bar lands here, a plain GET
 * form. Answers the built search page with the results rendered in it; bad fields answer it with
 * each field's message and what was typed (400); no dates, the empty search. Every failure is a
 * page too, never a stack trace.
 */
export default observed(async (request: Request): Promise<Response> => {
  const today = todayInKerala();
  const values = readSearchValues(new URL(request.url).searchParams);
  try {
    allowMethods(request, ['GET', 'HEAD']);
    const read = readSearch(values, today);
    if (read.outcome === 'empty') return renderSearchPage(renderSearchView({ values, today }), 200);
    if (read.outcome === 'invalid') {
      const message = 'Some fields need your attention.';
      return renderSearchPage(renderSearchView({ values, errors: read.errors, message, today }), 400);
    }
    const answer = await searchStays(read.query, today);
    return renderSearchPage(renderSearchView({ values, answer, today }), 200);
  } catch (error) {
    const refusal = toHttpError(error);
    const page = await renderSearchPage(
      renderSearchView({ values, message: refusal.message, today }),
      refusal.status,
    );
    for (const [name, value] of Object.entries(refusal.headers)) page.headers.set(name, value);
    return page;
  }
});

export const config: Config = { path: '/search' };
