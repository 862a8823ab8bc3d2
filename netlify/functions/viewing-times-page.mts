import type { Config } from '@netlify/functions';
import BuyerEnquiryForm from '../../src/features/buyer-enquiry/BuyerEnquiryForm.tsx';
import {
  buyerEnquiryForm,
  buyerEnquiryPagePath,
  saleKinds,
} from '../../src/features/buyer-enquiry/buyer-enquiry-contract.ts';
import { renderForm } from '../../src/features/forms/render-form.ts';
import { paths } from '../../src/lib/paths.ts';
import { readBuyerZone } from '../../src/lib/viewing-slots.ts';
import { findHomeForSale, isAskable } from '../../src/server/buyer-enquiries/homes-for-sale.ts';
import { listFreeViewingSlots } from '../../src/server/buyer-enquiries/viewing-slots-service.ts';
import { renderFormStatePage } from '../../src/server/forms/render-form-page.ts';
import { toHttpError } from '../../src/server/http/errors.ts';
import { observed } from '../../src/server/http/observed.ts';
import { allowMethods } from '../../src/server/http/request.ts';

/**
 * `GET /buy/viewing-times?propertyKind=…&property=…&timeZone=Asia/Dubai`: the viewing form's first
 * step without JavaScript. The buyer said where they are (a plain GET form of cities); this answers
 * the home's viewing page with the office's free slots written on that clock, India's beside.
 */
export default observed(async (request: Request): Promise<Response> => {
  try {
    allowMethods(request, ['GET', 'HEAD']);
    const query = new URL(request.url).searchParams;
    const kind = saleKinds.find((candidate) => candidate === query.get('propertyKind'));
    const slug = query.get('property') ?? '';
    const home = kind && /^[a-z0-9-]{1,100}$/.test(slug) ? await findHomeForSale(kind, slug) : undefined;
    if (!kind || !home || !isAskable(home))
      return Response.redirect(new URL(paths.homesForSale, request.url), 303);
    const slots = await listFreeViewingSlots(home);
    const values = {
      property: home.slug,
      propertyKind: kind,
      intent: 'viewing',
      timeZone: readBuyerZone(query.get('timeZone')),
      offered: slots.map((slot) => slot.toISOString()).join(' '),
    };
    const form = {
      name: buyerEnquiryForm.name,
      pagePath: buyerEnquiryPagePath(values) ?? buyerEnquiryForm.pagePath,
    };
    return await renderFormStatePage(form, renderForm(BuyerEnquiryForm), { values, errors: {} }, 200, {
      'x-robots-tag': 'noindex',
    });
  } catch (error) {
    const refusal = toHttpError(error);
    return new Response(refusal.message, { status: refusal.status, headers: refusal.headers });
  }
});

export const config: Config = { path: '/buy/viewing-times' };
