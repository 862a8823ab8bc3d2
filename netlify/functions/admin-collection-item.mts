import type { Config } from '@netlify/functions';
import { changeItemStatus, showItem } from '../../src/server/admin/admin-items.ts';
import { readItemTarget, readStatusChange } from '../../src/server/admin/admin-request.ts';
import { moveToTrash } from '../../src/server/admin/trash.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { refundServicesOfCancelledStay } from '../../src/server/booking/services/booked-service-service.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { choosePaymentProviderForRefunds } from '../../src/server/payments/index.ts';

export default signedInEndpoint(
  ['GET', 'PATCH', 'DELETE'],
  async (request, visitor, context) => {
    if (request.method === 'PATCH') {
      const body = await readBody(request);
      const { collection, id, move } = readStatusChange(context, body.value);
      const changed = await changeItemStatus(visitor, collection, id, move);
      // A stay the office cancels or declines takes its services with it (the table's trigger): each
      // one paid on its own is refunded by its own rule, as when the guest cancels; the stay's own money
      // the office refunds from its Payments, asked first. Nothing to refund, it does nothing.
      if (collection.name === 'booking-requests') {
        await refundServicesOfCancelledStay(choosePaymentProviderForRefunds(), id);
      }
      return json(changed);
    }
    const { collection, id } = readItemTarget(context);
    if (request.method === 'DELETE') return json(await moveToTrash(visitor, collection, id));
    return json(await showItem(visitor, collection, id));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/:collection/:id' };
