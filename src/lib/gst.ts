/**
 * GST as a receipt breaks it out of an amount that already includes it: prices are shown to guests
 * tax-inclusive (UK drip-pricing rules), and the tax is due in Kerala, where the home is (IGST Act
 * s. 12(3)), so a Kerala supplier charges it as central and state GST in equal halves.
 */

/** The GST in an amount that includes it, in whole pence: the two halves equal, the taxable value the rest. */
export type IncludedGst = {
  ratePercent: number;
  /** The value the tax is charged on: the amount less the tax. */
  taxablePence: number;
  /** Central GST, at half the rate. */
  cgstPence: number;
  /** Kerala's State GST, at half the rate. */
  sgstPence: number;
  gstPence: number;
};

/**
 * Splits `amountPence` (tax included) at `ratePercent`: each half is rounded to the penny on its own, so
 * CGST and SGST are always equal, and the taxable value takes whatever rounding leaves.
 */
export function splitIncludedGst(amountPence: number, ratePercent: number): IncludedGst {
  if (!Number.isSafeInteger(amountPence) || amountPence < 0) {
    throw new RangeError(`Not an amount in pence: ${amountPence}`);
  }
  if (!Number.isFinite(ratePercent) || ratePercent < 0)
    throw new RangeError(`Not a GST rate: ${ratePercent}`);
  const halfPence = Math.round((amountPence * ratePercent) / 2 / (100 + ratePercent));
  return {
    ratePercent,
    taxablePence: amountPence - 2 * halfPence,
    cgstPence: halfPence,
    sgstPence: halfPence,
    gstPence: 2 * halfPence,
  };
}

/** "18%", "2.5%": a rate as an invoice prints it. */
export const formatRate = (ratePercent: number) => `${Number(ratePercent.toFixed(2))}%`;
