import content from '../../content/exchange-rates.json' with { type: 'json' };
import { exchangeRatesSchema } from '../../lib/content-schemas.ts';

/**
 * The rupees to the pound the office set, with the day it read them: the rate a guest who pays in
 * rupees pays at. The same content the sale pages' approximate prices come from, bundled with the
 * function (a change of rate is a content commit, which Netlify deploys).
 */
export function readPoundRate(): { rupeesPerPound: number; rateOf: string } | undefined {
  const { asOf, currencies } = exchangeRatesSchema.parse(content.rates);
  const pound = currencies.find(({ currency }) => currency === 'GBP');
  return pound && { rupeesPerPound: pound.rupeesPerUnit, rateOf: asOf };
}
