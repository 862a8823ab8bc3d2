import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import type { ComparedRow, Totals } from './numbers.ts';

type Props = {
  /** What it shows, "Occupancy by month": the figure's caption and the table's. */
  title: string;
  rows: ComparedRow[];
  /** The figure each bar shows. */
  value: (totals: Totals) => number;
  format: (value: number) => string;
  /** The two seasons' names, "2026–27" and "2025–26". */
  seasons: { thisYear: string; lastYear: string };
  /** The small one of the office's day: shorter, fewer labels. */
  compact?: boolean;
  /**
   * `columns` stand on a row of short labels (months); `bars` lie beside their labels, for rows with
   * long names (properties), which then read whole at every width instead of being cut or slanted.
   */
  layout?: 'columns' | 'bars';
};

/** About how wide a tick label of `text` is, in the SVG's units (12 px type): the bars' left margin. */
const labelWidth = (text: string) => Math.ceil(text.length * 6.6);

/**
 * This season's bars beside last season's, one pair per row, as SVG a screen reader reads as one
 * image with a sentence that says what it shows, and the table behind it in a `<details>` any
 * keyboard opens. The SVG scales to its box; its text stays legible from a 360 px phone up.
 */
export function ComparisonChart({
  title,
  rows,
  value,
  format,
  seasons,
  compact = false,
  layout = 'columns',
}: Props) {
  const id = useId();
  if (layout === 'bars') {
    return (
      <figure className="numbers-chart">
        <Caption title={title} seasons={seasons} compact={false} />
        <LyingBars id={id} title={title} rows={rows} value={value} format={format} seasons={seasons} />
        <ChartTable title={title} rows={rows} value={value} format={format} seasons={seasons} />
      </figure>
    );
  }
  const width = compact ? 420 : 640;
  const height = compact ? 120 : 240;
  const margin = { top: 8, right: 8, bottom: compact ? 22 : 48, left: compact ? 40 : 64 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;

  const highest = Math.max(1, ...rows.flatMap((row) => [value(row.thisYear), value(row.lastYear)]));
  const x = scaleBand<string>({ domain: rows.map((row) => row.key), range: [0, innerWidth], padding: 0.2 });
  const pair = scaleBand<string>({
    domain: ['lastYear', 'thisYear'],
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const y = scaleLinear<number>({ domain: [0, highest], range: [innerHeight, 0], nice: true });
  const labelOf = new Map(rows.map((row) => [row.key, row.label]));

  return (
    <figure className={`numbers-chart${compact ? ' numbers-chart--compact' : ''}`}>
      <Caption title={title} seasons={seasons} compact={compact} />
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-name ${id}-desc`}
        className="numbers-chart__svg"
      >
        <title id={`${id}-name`}>
          {title}, {seasons.thisYear} against {seasons.lastYear}
        </title>
        <desc id={`${id}-desc`}>{describeChart(rows, value, format, seasons)}</desc>
        <Group left={margin.left} top={margin.top}>
          {rows.map((row) => (
            <Group key={row.key} left={x(row.key) ?? 0}>
              {(['lastYear', 'thisYear'] as const).map((season) => {
                const figure = value(row[season]);
                const top = y(figure);
                return (
                  <Bar
                    key={season}
                    className={`numbers-chart__bar numbers-chart__bar--${season === 'thisYear' ? 'this' : 'last'}`}
                    x={pair(season) ?? 0}
                    y={top}
                    width={pair.bandwidth()}
                    height={innerHeight - top}
                  />
                );
              })}
            </Group>
          ))}
          <AxisLeft
            scale={y}
            numTicks={compact ? 3 : 5}
            tickFormat={(tick) => format(Number(tick))}
            tickLabelProps={{ className: 'numbers-chart__tick', textAnchor: 'end', dx: -4, dy: 4 }}
            axisClassName="numbers-chart__axis"
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickFormat={(key) => labelOf.get(key) ?? key}
            tickLabelProps={{
              className: 'numbers-chart__tick',
              textAnchor: compact || rows.length <= 6 ? 'middle' : 'end',
              ...(compact || rows.length <= 6 ? {} : { angle: -30 }),
            }}
            axisClassName="numbers-chart__axis"
          />
        </Group>
      </svg>
      <ChartTable title={title} rows={rows} value={value} format={format} seasons={seasons} />
    </figure>
  );
}

type Seasons = Props['seasons'];

function Caption({ title, seasons, compact }: { title: string; seasons: Seasons; compact: boolean }) {
  return (
    <figcaption>
      <span className={compact ? 'visually-hidden' : undefined}>{title}</span>{' '}
      <span className="numbers-chart__key">
        <span className="numbers-chart__swatch numbers-chart__swatch--this" aria-hidden="true" />
        {seasons.thisYear}{' '}
        <span className="numbers-chart__swatch numbers-chart__swatch--last" aria-hidden="true" />
        {seasons.lastYear}
      </span>
    </figcaption>
  );
}

type FigureProps = Pick<Props, 'title' | 'rows' | 'value' | 'format' | 'seasons'>;

/** Every figure of the chart, behind a `<details>` any keyboard opens. */
function ChartTable({ title, rows, value, format, seasons }: FigureProps) {
  return (
    <details className="numbers-chart__table">
      <summary>
        Table<span className="visually-hidden"> of {title.toLowerCase()}</span>
      </summary>
      <table>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{rows.length === 12 ? 'Month' : 'Property'}</th>
            <th scope="col">{seasons.thisYear}</th>
            <th scope="col">{seasons.lastYear}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{format(value(row.thisYear))}</td>
              <td>{format(value(row.lastYear))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Bars lying beside their whole labels, this season's above last season's in each row. */
function LyingBars({ id, title, rows, value, format, seasons }: FigureProps & { id: string }) {
  const width = 640;
  const rowHeight = 32;
  const longest = Math.max(0, ...rows.map((row) => labelWidth(row.label)));
  const margin = { top: 8, right: 16, bottom: 28, left: Math.min(300, longest + 12) };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = rows.length * rowHeight;
  const height = innerHeight + margin.top + margin.bottom;
  const highest = Math.max(1, ...rows.flatMap((row) => [value(row.thisYear), value(row.lastYear)]));
  const y = scaleBand<string>({ domain: rows.map((row) => row.key), range: [0, innerHeight], padding: 0.2 });
  const pair = scaleBand<string>({
    domain: ['thisYear', 'lastYear'],
    range: [0, y.bandwidth()],
    padding: 0.1,
  });
  const x = scaleLinear<number>({ domain: [0, highest], range: [0, innerWidth], nice: true });
  const labelOf = new Map(rows.map((row) => [row.key, row.label]));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-name ${id}-desc`}
      className="numbers-chart__svg"
    >
      <title id={`${id}-name`}>
        {title}, {seasons.thisYear} against {seasons.lastYear}
      </title>
      <desc id={`${id}-desc`}>{describeChart(rows, value, format, seasons)}</desc>
      <Group left={margin.left} top={margin.top}>
        {rows.map((row) => (
          <Group key={row.key} top={y(row.key) ?? 0}>
            {(['thisYear', 'lastYear'] as const).map((season) => (
              <Bar
                key={season}
                className={`numbers-chart__bar numbers-chart__bar--${season === 'thisYear' ? 'this' : 'last'}`}
                x={0}
                y={pair(season) ?? 0}
                width={x(value(row[season]))}
                height={pair.bandwidth()}
              />
            ))}
          </Group>
        ))}
        <AxisLeft
          scale={y}
          tickFormat={(key) => labelOf.get(key) ?? key}
          tickLabelProps={{ className: 'numbers-chart__tick', textAnchor: 'end', dx: -4, dy: 4 }}
          axisClassName="numbers-chart__axis"
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          numTicks={4}
          tickFormat={(tick) => format(Number(tick))}
          tickLabelProps={{ className: 'numbers-chart__tick', textAnchor: 'middle' }}
          axisClassName="numbers-chart__axis"
        />
      </Group>
    </svg>
  );
}

/** The chart in a sentence: the season's highest row and its figure beside last season's. */
export function describeChart(
  rows: ComparedRow[],
  value: (totals: Totals) => number,
  format: (value: number) => string,
  seasons: { thisYear: string; lastYear: string },
): string {
  const best = rows.reduce<ComparedRow | undefined>(
    (found, row) => (!found || value(row.thisYear) > value(found.thisYear) ? row : found),
    undefined,
  );
  if (!best) return 'Nothing to show.';
  return (
    `Bars of ${seasons.thisYear} beside ${seasons.lastYear} for ${rows.length} ${rows.length === 12 ? 'months' : 'properties'}. ` +
    `Highest in ${seasons.thisYear}: ${best.label}, ${format(value(best.thisYear))} ` +
    `(${seasons.lastYear}: ${format(value(best.lastYear))}). The table below gives every figure.`
  );
}
