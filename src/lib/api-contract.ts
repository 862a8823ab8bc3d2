import { z } from 'zod';
import { parseWithoutEval } from './zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * What the API and its callers agree on for every resource: where each endpoint lives and the one shape
 * of a refusal. The functions, the islands and the tests import these, so a route or an error code is
 * written once. (Netlify reads each function's `config.path` as a literal, so the functions repeat their
 * path there; a test holds those literals equal to these.)
 */
export const apiRoutes = {
  health: '/api/health',
  availability: '/api/availability',
  search: '/api/search',
  bookingRequests: '/api/booking-requests',
  /** POST: a signed-in guest books an instant-book property's free nights, held while they pay the deposit. */
  instantBookings: '/api/instant-bookings',
  /** POST: "Email me this quote": a stay's price breakdown and a link back to the form, to keep. */
  stayQuotes: '/api/stay-quotes',
  /** POST, a plain form: the booking page's form without JavaScript, for a signed-in guest; answers HTML. */
  plainBookingRequests: '/api/plain-booking-requests',
  /** POST: the booking form of a guest who is not signed in: kept until its emailed link or code is used. */
  emailBookingRequests: '/api/email-booking-requests',
  accountBookingRequests: '/api/account/booking-requests',
  contactMessages: '/api/contact-messages',
  careerApplications: '/api/career-applications',
  partnerEnquiries: '/api/partner-enquiries',
  buyerEnquiries: '/api/buyer-enquiries',
  /** GET: a home's free viewing slots within the office's viewing hours. */
  viewingSlots: '/api/viewing-slots',
  /** A token the public forms post with: JSON for an island, `?as=image` a pixel that sets it as a cookie. */
  formToken: '/api/form-token',
  register: '/api/auth/register',
  verifyEmail: '/api/auth/verify-email',
  /** POST `{ email, next }`: "Email me a sign-in link" (a link and a six-digit code). */
  emailLink: '/api/auth/email-link',
  /** POST `{ email, code, request? }`: the code of a sign-in email, typed in the browser that asked. */
  emailCode: '/api/auth/email-code',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  session: '/api/auth/session',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  adminSummary: '/api/admin/summary',
  /** How the deploy of a content editor's save stands on Netlify (`?since=` the save's time): a RebuildState. */
  adminSiteDeploy: '/api/admin/site-deploy',
  adminOccupancy: '/api/admin/occupancy',
  adminBalancesDue: '/api/admin/balances-due',
  adminToday: '/api/admin/today',
  adminNumbers: '/api/admin/numbers',
  adminCalendars: '/api/admin-calendars',
  /** Every property's arrival pack, for the office (not under /api/admin/, whose `:collection` routes would take it). */
  adminArrivalPacks: '/api/admin-arrival-packs',
  /** A day's Form C details (`?day=YYYY-MM-DD`, Kerala's today when left out), and the same as CSV. */
  adminFormC: '/api/admin-form-c',
  adminFormCCsv: '/api/admin-form-c.csv',
  /** A home's published reviews (`?property=`), for its page. */
  propertyReviews: '/api/property-reviews',
  /** POST `{ token }`: the stay a review invitation's link reviews. */
  reviewInvitation: '/api/review-invitation',
  /** POST: a review written from an invitation's link. */
  reviews: '/api/reviews',
  /** Every review, for the office (not under /api/admin/, whose `:collection` routes would take it). */
  adminReviews: '/api/admin-reviews',
  /** GET: today's and tomorrow's booked services, for the office (not under /api/admin/, whose `:collection` routes would take it). */
  adminServicesToday: '/api/admin-services-today',
  /** The payment provider's webhook (signed events; never called by our pages). */
  paymentWebhook: '/api/payments/webhook',
} as const;

/** A guest's own booking: GET says what cancelling it today would refund, POST cancels it. */
export const accountCancellationRoute = (bookingId: string) =>
  `${apiRoutes.accountBookingRequests}/${encodeURIComponent(bookingId)}/cancellation`;

/** A guest's own request not yet confirmed: POST withdraws it. */
export const accountWithdrawalRoute = (bookingId: string) =>
  `${apiRoutes.accountBookingRequests}/${encodeURIComponent(bookingId)}/withdrawal`;

/** The PDF receipt of a payment on a guest's own booking (GET). */
export const accountReceiptRoute = (bookingId: string, paymentId: string) =>
  `${apiRoutes.accountBookingRequests}/${encodeURIComponent(bookingId)}/payments/${encodeURIComponent(paymentId)}/receipt`;

/** A guest's own booking's conversation with the office: GET reads it (changing nothing), POST writes. */
export const accountMessagesRoute = (bookingId: string) =>
  `${apiRoutes.accountBookingRequests}/${encodeURIComponent(bookingId)}/messages`;

/** POST marks read what the other side wrote in a conversation (`messagesRoute` the guest's or the office's). */
export const messagesReadRoute = (messagesRoute: string) => `${messagesRoute}/read`;

/** A guest's own booking's guest list: GET reads it back (passports masked), PUT gives it whole. */
export const accountGuestListRoute = (bookingId: string) =>
  `${apiRoutes.accountBookingRequests}/${encodeURIComponent(bookingId)}/guests`;
/** A guest's own past stay's review: GET reads it, POST writes it. */
export const accountReviewRoute = (bookingId: string) =>
  `${apiRoutes.accountBookingRequests}/${encodeURIComponent(bookingId)}/review`;
/** A review's withholding: PUT `{ rule }` withholds it under a rule of the review policy, DELETE publishes it again. */
export const adminReviewWithholdingRoute = (reviewId: string) =>
  `${apiRoutes.adminReviews}/${encodeURIComponent(reviewId)}/withholding`;
/** The office's public reply to a review: PUT `{ text }`. */
export const adminReviewReplyRoute = (reviewId: string) =>
  `${apiRoutes.adminReviews}/${encodeURIComponent(reviewId)}/reply`;

/** One dashboard collection's list (`?…` carries the list query). */
export const adminCollectionRoute = (collection: string) => `/api/admin/${encodeURIComponent(collection)}`;
/** One dashboard collection as a CSV file. */
export const adminCsvRoute = (collection: string) => `${adminCollectionRoute(collection)}.csv`;
/** One row of a dashboard collection: GET shows it, PATCH changes its status, DELETE moves it to the trash. */
export const adminItemRoute = (collection: string, id: string) =>
  `${adminCollectionRoute(collection)}/${encodeURIComponent(id)}`;
/** Marks a row read (a POST: opening a row by GET changes nothing). */
export const adminItemReadRoute = (collection: string, id: string) =>
  `${adminItemRoute(collection, id)}/read`;
/** Takes a row back out of the trash. */
/** A form row marked answered (PUT) or not (DELETE). */
export const adminItemAnsweredRoute = (collection: string, id: string) =>
  `${adminItemRoute(collection, id)}/answered`;

export const adminItemRestoreRoute = (collection: string, id: string) =>
  `${adminItemRoute(collection, id)}/restore`;
/** A buyer's enquiry's home: PUT `{ saleStatus }` writes its sale status into the content. */
export const adminSaleStatusRoute = (enquiryId: string) =>
  `${adminItemRoute('buyer-enquiries', enquiryId)}/sale-status`;

/** A booking's payments: GET lists them with what is owed, POST records one. */
export const adminPaymentsRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/payments`;
/** One payment of a booking: DELETE removes a mistaken entry. */
export const adminPaymentRoute = (bookingId: string, paymentId: string) =>
  `${adminPaymentsRoute(bookingId)}/${encodeURIComponent(paymentId)}`;
/** The PDF receipt of one payment of a booking, the office's copy (GET). */
export const adminReceiptRoute = (bookingId: string, paymentId: string) =>
  `${adminPaymentRoute(bookingId, paymentId)}/receipt`;
/** A booking's refunds: POST refunds (in full, the policy's amount, an amount, an unrecorded payment). */
export const adminRefundsRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/refunds`;
/** One refund of a booking: PATCH marks one still owed as returned by hand. */
export const adminRefundRoute = (bookingId: string, refundId: string) =>
  `${adminRefundsRoute(bookingId)}/${encodeURIComponent(refundId)}`;
/** A booking's services with their own payments and refunds, for the office (GET). */
export const adminBookingServicesRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/services`;

/** A booking's notes: GET lists them, POST adds one. */
/** The guest's balance reminder, sent now by the office (POST), and when the last went (GET). */
export const adminBalanceReminderRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/reminder`;

export const adminNotesRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/notes`;
/** A booking's conversation with its guest, the office's side: GET reads it (changing nothing), POST writes. */
export const adminMessagesRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/messages`;
/** A booking's guest list in full, the office's side (each read recorded). */
export const adminGuestListRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/guests`;
/** A booking's arrival pack, the office's side: GET says whether it is released, POST releases it early. */
export const adminArrivalPackReleaseRoute = (bookingId: string) =>
  `${adminItemRoute('booking-requests', bookingId)}/arrival-pack`;
/** A property's arrival pack: PUT writes it whole. */
export const adminArrivalPackRoute = (property: string) =>
  `${apiRoutes.adminArrivalPacks}/${encodeURIComponent(property)}`;
/** A property's iCal feeds from other platforms: POST adds one. (Not under /api/admin/, whose
 * `:collection` routes would take these paths.) */
export const adminCalendarFeedsRoute = (property: string) =>
  `${apiRoutes.adminCalendars}/${encodeURIComponent(property)}/feeds`;
/** One of those feeds: DELETE removes it with its blocks. */
export const adminCalendarFeedRoute = (property: string, id: string) =>
  `${adminCalendarFeedsRoute(property)}/${encodeURIComponent(id)}`;
/** Imports a property's feeds now. */
export const adminCalendarImportRoute = (property: string) =>
  `${apiRoutes.adminCalendars}/${encodeURIComponent(property)}/import`;
/** Makes a new secret link to a property's own feed; the old one stops working. */
export const adminCalendarLinkRoute = (property: string) =>
  `${apiRoutes.adminCalendars}/${encodeURIComponent(property)}/link`;
/** A property's own iCal feed, at its secret token. */
export const icalFeedRoute = (token: string) => `/ical/${encodeURIComponent(token)}.ics`;

/** Every reason the API gives for refusing a request, as the `code` of its error answer. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  // An admin endpoint asked from another site's page (Sec-Fetch-Site).
  'cross_site',
  'not_found',
  'method_not_allowed',
  'conflict',
  'invalid_credentials',
  'email_not_confirmed',
  'invalid_token',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The form token as the page without JavaScript loads it: a pixel whose answer sets the cookie. */
export const formTokenPixelRoute = `${apiRoutes.formToken}?as=image`;

/** What `GET /api/form-token` answers an island: the token, and how long until a post may carry it (FORM_MIN_FILL_SECONDS). */
export const formTokenAnswerSchema = z.object({
  token: z.string(),
  readyInMs: z.number().nonnegative().optional(),
});

/** The body of every refusal: a message for people, a code for programs, and field messages for forms. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** On a 5xx: the request's id, as in its `x-request-id` header and its log line. */
    requestId: z.string().optional(),
  }),
});

/** A guest's own booking's concierge services: GET what its home offers and what it has, POST add one. */
export const accountServicesRoute = (bookingId: string) =>
  `${apiRoutes.accountBookingRequests}/${encodeURIComponent(bookingId)}/services`;

/** POST: a guest cancels one service of their own booking. */
export const accountServiceCancellationRoute = (bookingId: string, serviceId: string) =>
  `${accountServicesRoute(bookingId)}/${encodeURIComponent(serviceId)}/cancellation`;

/** POST: the office confirms a booked service (pricing one on request). */
export const adminServiceConfirmationRoute = (serviceId: string) =>
  `/api/admin-booking-services/${encodeURIComponent(serviceId)}/confirmation`;
