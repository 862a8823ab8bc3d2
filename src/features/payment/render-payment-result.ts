import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PaymentResult } from './PaymentResult.tsx';
import type { PaymentView } from './payment-contract.ts';

/** The payment page's content as markup, rendered by the pay functions with React itself. */
export function renderPaymentResult(view: PaymentView): string {
  return renderToStaticMarkup(createElement(PaymentResult, { view }));
}
