/**
 * The front door of payments: sessions at a provider (open, settle, reconcile), the ledger, refunds,
 * receipts, the office's exchange rate and the providers with their stand-in. Everything outside this
 * folder imports payments from here (`scripts/check-imports.ts` holds it). What payments needs of the
 * thing being paid for is `PayableSource` (`payable.ts`), which the booking implements.
 */
export {
  describeReconciliation,
  openPaymentSession,
  quotePayment,
  readPaymentDue,
  readPaymentResult,
  receiveWebhook,
  reconcileAfterMs,
  reconcilePayments,
  startPayment,
  startReconciliationWorker,
} from './online-payments.ts';
export { payLinkForConfirmation, payLinkUrl, readPayLinkKey, readPayLinkKeyIn } from './pay-link.ts';
export type { OnPaid, PaidTooLate, Payable, PayableMoney, PayableSource } from './payable.ts';
export { selectOwnPayments } from './payment-repository.ts';
export {
  describeMoney,
  listBalancesDue,
  readOwnLedgers,
  recordPayment,
  removePayment,
  showLedger,
} from './payment-service.ts';
export { readPoundRate } from './pound-rate.ts';
export {
  choosePaymentProvider,
  choosePaymentProviderForRefunds,
  standInKeys,
  standInRazorpayKeys,
} from './providers/choose-provider.ts';
export {
  type PaymentProvider,
  type PaymentProviderName,
  paymentCurrencies,
  paymentProviders,
  paymentSessionStatuses,
  WebhookRefused,
} from './providers/payment-provider.ts';
export type { StandInPaymentLink } from './providers/stand-in/razorpay-shape.ts';
export { testCards } from './providers/stand-in/stand-in-page.ts';
export {
  type PaymentStandIn,
  type StandInSession,
  startPaymentStandIn,
} from './providers/stand-in/stand-in-server.ts';
export {
  composeReceipt,
  readOfficeReceipt,
  readOwnReceipt,
  receiptResponse,
  registerReceiptPreparer,
} from './receipt-service.ts';
export {
  type CancelledBooking,
  cancellationRefundMessage,
  refundOfficeAlertMessage,
} from './refund-emails.ts';
export {
  insertRefund,
  type OwnRefund,
  type RefundablePayment,
  selectOwnRefunds,
  selectRefundablePayments,
  selectRefundProblems,
} from './refund-repository.ts';
export {
  quotePolicyRefund,
  recordRefunds,
  refundFromOffice,
  sendPendingRefunds,
  settleRefundByHand,
  summariseRefunds,
} from './refund-service.ts';
export { renderPaymentPage } from './render-payment-page.ts';
