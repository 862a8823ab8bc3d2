import { lazy, type Ref, Suspense } from 'react';
import { formatGbp } from '../../lib/money.ts';
import { occupancyPercent, sumByMonth, sumByProperty, type Totals } from './numbers.ts';
import type { NumbersAnswer } from './numbers-contract.ts';
import { useNumbers } from './use-numbers.ts';

type Props = {
  headingRef: Ref<HTMLHeadingElement>;
  version: number;
  onSessionGone: () => void;
};

// The charts' code (visx and its d3 scales, about 20 KB gzip) is fetched once the dashboard runs, so
// /admin's first load stays within its budget (scripts/bench/page-budgets.ts); the numbers arrive later anyway.
const ComparisonChart = lazy(() =>
  import('./ComparisonChart.tsx').then(({ ComparisonChart }) => ({ default: ComparisonChart })),
);

const percent = (value: number) => `${value}%`;
/** Whole pounds: a chart's axis and table need no pence. */
const pounds = (pence: number) => formatGbp(Math.round(pence / 100));
const occupancy = (totals: Totals) => occupancyPercent(totals);

/**
 * The owner's numbers: occupancy and revenue (confirmed and received), month by month and property by
 * property, this season beside the last, each chart with its table.
 */
export function NumbersView({ headingRef, version, onSessionGone }: Props) {
  const numbers = useNumbers(version, onSessionGone);
  return (
    <div className="admin__view numbers">
      <h2 id="admin-view-title" ref={headingRef} tabIndex={-1}>
        Numbers{numbers.status === 'loaded' ? `, season ${numbers.answer.season.label}` : ''}
      </h2>
      {numbers.status === 'loading' && <p role="status">Loading the numbers…</p>}
      {numbers.status === 'failed' && (
        <p className="form__message" role="alert">
          {numbers.message}
        </p>
      )}
      {numbers.status === 'loaded' && (
        <Suspense fallback={<p role="status">Drawing the charts…</p>}>
          <Charts answer={numbers.answer} />
        </Suspense>
      )}
    </div>
  );
}

function Charts({ answer }: { answer: NumbersAnswer }) {
  const seasons = { thisYear: answer.season.label, lastYear: answer.lastSeason.label };
  const months = sumByMonth(answer);
  const properties = sumByProperty(answer);
  return (
    <>
      <p className="admin__note">
        A season runs from October to September. Occupancy is the nights of confirmed stays over the nights
        each property has; confirmed revenue counts a stay’s total in its arrival month; received is what the
        payments ledger records for the stays in the month the money came. Concierge services, paid on their
        own, are in neither.
      </p>
      <div className="numbers__charts">
        <ComparisonChart
          title="Occupancy by month"
          rows={months}
          value={occupancy}
          format={percent}
          seasons={seasons}
        />
        <ComparisonChart
          title="Occupancy by property"
          rows={properties}
          layout="bars"
          value={occupancy}
          format={percent}
          seasons={seasons}
        />
        <ComparisonChart
          title="Confirmed revenue by month"
          rows={months}
          value={(totals) => totals.confirmedPence}
          format={pounds}
          seasons={seasons}
        />
        <ComparisonChart
          title="Received by month"
          rows={months}
          value={(totals) => totals.receivedPence}
          format={pounds}
          seasons={seasons}
        />
        <ComparisonChart
          title="Confirmed revenue by property"
          rows={properties}
          layout="bars"
          value={(totals) => totals.confirmedPence}
          format={pounds}
          seasons={seasons}
        />
        <ComparisonChart
          title="Received by property"
          rows={properties}
          layout="bars"
          value={(totals) => totals.receivedPence}
          format={pounds}
          seasons={seasons}
        />
      </div>
    </>
  );
}

/** The office's day's small chart: this season's occupancy month by month beside the last. */
export function OccupancyGlance({ version, onSessionGone }: Omit<Props, 'headingRef'>) {
  const numbers = useNumbers(version, onSessionGone);
  if (numbers.status !== 'loaded') return null;
  const { answer } = numbers;
  return (
    <section className="office-day__block office-day__block--numbers" aria-labelledby="day-numbers">
      <h3 id="day-numbers">Occupancy, season {answer.season.label}</h3>
      <Suspense fallback={<p className="numbers-chart__pending">Drawing the chart…</p>}>
        <ComparisonChart
          title="Occupancy by month"
          rows={sumByMonth(answer)}
          value={occupancy}
          format={percent}
          seasons={{ thisYear: answer.season.label, lastYear: answer.lastSeason.label }}
          compact
        />
      </Suspense>
    </section>
  );
}
