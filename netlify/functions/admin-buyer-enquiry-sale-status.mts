import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { markHomeSaleStatus } from '../../src/server/buyer-enquiries/sale-status-service.ts';
import { chooseContentWriter } from '../../src/server/content/choose-content-writer.ts';
import { readBody } from '../../src/server/http/request.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';

/** A buyer's enquiry's home marked under offer or sold in the content (PUT), audited by the database. */
export default signedInEndpoint(
  ['PUT'],
  async (request, visitor, context) => {
    const writer = chooseContentWriter();
    if (!writer) {
      throw new HttpError(
        503,
        'service_unavailable',
        'This site cannot write its content: set CONTENT_REPO, CONTENT_BRANCH and CONTENT_GITHUB_TOKEN, or mark the home in the content editor.',
      );
    }
    const body = (await readBody(request)).value;
    return json(await markHomeSaleStatus(visitor, context.params.id ?? '', body, writer));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/buyer-enquiries/:id/sale-status' };
