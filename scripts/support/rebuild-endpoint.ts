import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import type { Handler } from '../../src/server/http/endpoint.ts';
import { errorResponse, HttpError, json } from '../../src/server/http/responses.ts';
import type { SiteRebuilder } from './site-rebuild.ts';

/**
 * `GET` answers how the rebuild stands, `POST` starts one (202), or says one already runs (409). For
 * office admins only, by the dashboard's own guard: 401 signed out, 403 for any other account, and a
 * POST from another origin refused (403), since it makes the machine build.
 */
export function rebuildEndpoint(rebuilder: SiteRebuilder): Handler {
  return signedInEndpoint(
    ['GET', 'POST'],
    async (request) => {
      if (request.method === 'GET') return json(rebuilder.state());
      const { started, state } = rebuilder.start();
      if (started) return json(state, 202);
      const left = state.status === 'building' ? `, expected to end in about ${state.estimateSeconds} s` : '';
      return errorResponse(
        new HttpError(409, 'conflict', `A rebuild is already running${left}; the site updates once it ends.`),
      );
    },
    { admin: true },
  );
}
