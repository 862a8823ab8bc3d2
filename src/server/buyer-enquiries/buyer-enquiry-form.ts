import {
  buyerEnquiryForm as buyerEnquiryContract,
  buyerEnquiryPagePath,
  readViewingSlot,
} from '../../features/buyer-enquiry/buyer-enquiry-contract.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { HttpError } from '../http/responses.ts';
import { buyerEnquiryOfficeAlert, buyerEnquiryReceipt } from './buyer-enquiry-emails.ts';
import { insertBuyerEnquiry } from './buyer-enquiry-repository.ts';
import { findHomeForSale, isAskable } from './homes-for-sale.ts';
import { judgeViewingSlot } from './viewing-slots-service.ts';

// The store runs first, so the name the emails use is the one it checked, read from the same files.
const homeNames = new Map<string, string>();
const nameOf = (enquiry: { propertyKind: string; property: string }) =>
  homeNames.get(`${enquiry.propertyKind}/${enquiry.property}`) ?? enquiry.property;

/** The buyer's enquiry through the public forms' pipeline, with a receipt to the buyer. */
export const buyerEnquiryForm: PublicForm<typeof buyerEnquiryContract.schema> = {
  ...buyerEnquiryContract,
  pagePathFor: buyerEnquiryPagePath,
  store: async (tx, enquiry) => {
    const home = await findHomeForSale(enquiry.propertyKind, enquiry.property);
    if (!home || !isAskable(home)) {
      throw new HttpError(422, 'validation_failed', 'Some fields need your attention.', {
        property: home ? `${home.name} is not for sale now` : 'Choose a home that is for sale',
      });
    }
    const slot = readViewingSlot(enquiry);
    // Only a time within the office's viewing hours that no other viewing holds; the database has the
    // last word on a race (insertBuyerEnquiry).
    const verdict = slot ? await judgeViewingSlot(tx, home, slot) : 'free';
    if (verdict === 'outside-hours') {
      throw new HttpError(422, 'validation_failed', 'Some fields need your attention.', {
        slot: 'Choose a time within our viewing hours, from the list',
      });
    }
    if (verdict === 'taken') {
      throw new HttpError(409, 'conflict', 'Some fields need your attention.', {
        slot: 'This time is no longer free: choose another from the list',
      });
    }
    homeNames.set(`${home.kind}/${home.slug}`, home.name);
    return insertBuyerEnquiry(tx, enquiry);
  },
  receipt: {
    kind: 'buyer_enquiry_receipt',
    message: (enquiry, stored, siteUrl) => buyerEnquiryReceipt(enquiry, stored, nameOf(enquiry), siteUrl),
  },
  officeAlert: {
    kind: 'buyer_enquiry_office_alert',
    many: 'buyers’ enquiries',
    describe: (enquiry) => buyerEnquiryOfficeAlert(enquiry, nameOf(enquiry)),
  },
};
