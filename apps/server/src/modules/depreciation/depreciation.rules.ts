import { addMonths, monthsBetween } from '@district/shared';

/**
 * The straight-line rule (折旧, issue 26 part 2), in fen, free of the database so the booking and the projection
 * follow the same steps.
 *
 * - An asset acquired in month M starts in M+1 (`startPeriod`); its life is `lifeMonths` months from there.
 * - A segment starts at the first booking, and again whenever the net value is not the one the last booking left
 *   (a revaluation or an edit changed it): its monthly amount is (net − residual) / the months left of the life,
 *   rounded down to the fen. The next months of the segment book the same amount; the last month of the life books
 *   whatever is left above the residual, so the sum is exact to the fen.
 * - Nothing goes below the residual; an asset past its life with value left books the rest in one month.
 */

export interface CategoryLife {
  /** Months; 0: not depreciated. */
  lifeMonths: number;
  /** Whole percent. */
  residualRate: number;
}

export interface LastBooking {
  period: string;
  amount: number;
  netAfter: number;
}

export interface StepInput {
  period: string;
  startPeriod: string;
  lifeMonths: number;
  net: number;
  residual: number;
  /** The asset's booking of the month before `period`, if any. */
  last: LastBooking | null;
}

/** The residual value (残值) in fen of an original value. */
export const residualOf = (originalFen: number, ratePercent: number): number =>
  Math.round((originalFen * ratePercent) / 100);

/** The amount (fen) to book for `period`; 0: nothing. */
export function monthAmount(s: StepInput): number {
  if (s.lifeMonths <= 0) return 0;
  const elapsed = monthsBetween(s.startPeriod, s.period);
  if (elapsed < 0) return 0;
  const left = s.net - s.residual;
  if (left <= 0) return 0;
  // Months of the life still to go, this one included.
  const remaining = s.lifeMonths - elapsed;
  if (remaining <= 1) return left;
  const sameSegment =
    s.last !== null && s.last.period === addMonths(s.period, -1) && s.last.netAfter === s.net && s.last.amount > 0;
  if (sameSegment) return Math.min(s.last!.amount, left);
  return Math.floor(left / remaining);
}

/** The months from `from.period` on as they would be booked, until the residual is reached or the life ends. */
export function project(
  from: { period: string; net: number; last: LastBooking | null },
  startPeriod: string,
  lifeMonths: number,
  residual: number,
): LastBooking[] {
  const out: LastBooking[] = [];
  let { net, last } = from;
  let period = from.period;
  const end = addMonths(startPeriod, Math.max(lifeMonths, 1) - 1);
  // Past the life, the rest goes in the first month projected; otherwise up to the life's last month.
  for (let guard = 0; guard < lifeMonths + 1 && net > residual; guard++) {
    const amount = monthAmount({ period, startPeriod, lifeMonths, net, residual, last });
    if (amount > 0) {
      net -= amount;
      last = { period, amount, netAfter: net };
      out.push(last);
    }
    if (period >= end && amount === 0) break;
    period = addMonths(period, 1);
  }
  return out;
}
