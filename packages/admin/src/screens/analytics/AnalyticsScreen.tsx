import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { apiHref, withQuery } from '../../api/http.js';
import { useQuery } from '../../api/use-query.js';
import { navigate, useLocation } from '../../app/router.js';
import { ErrorText } from '../../ui/ErrorText.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { formatCents } from '../../ui/money.js';
import { ScreenHeading } from '../../ui/ScreenHeading.js';
import type { AnalyticsReport, DayFigures, ErrorGroup } from './analytics-types.js';
import { daysIn, formatDay, lastDays, type Period, PRESETS, periodFromSearch, periodProblem } from './period.js';
import { count, dateTime, duration, Errors, Funnel, pageTypeName, percent, WebVitals } from './report-sections.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './analytics.css';

/** uPlot comes with the chart, fetched when the screen shows a chart. */
const DailyChart = lazy(() => import('./DailyChart.js'));

const REPORT_PATH = '/api/owner/analytics';
const CSV_PATH = '/api/owner/analytics.csv';

/**
 * The owner's analytics (issue 13): a period of UTC days; visits, sales, a chart over days, the
 * funnel, sources, devices, top pages and products, web vitals per page type and grouped
 * script errors; a CSV export of the same figures.
 */
export default function AnalyticsScreen() {
  const { search } = useLocation();
  const period = periodFromSearch(search);
  const show = (next: Period) => navigate(withQuery('/analytics', { from: next.from, to: next.to }), { replace: true });
  const report = useQuery<AnalyticsReport>(withQuery(REPORT_PATH, { from: period.from, to: period.to }));
  const data = report.data;
  return (
    <>
      <ScreenHeading>Analytics</ScreenHeading>
      <PeriodPicker key={`${period.from}/${period.to}`} period={period} onShow={show} />
      {report.status === 'loading' && <Loading label="Loading the report…" />}
      <ErrorText error={report.error} />
      {data && <Report data={data} period={period} />}
    </>
  );
}

/** The period form: first and last day, the presets, and the CSV link of the shown period. */
function PeriodPicker({ period, onShow }: { readonly period: Period; readonly onShow: (period: Period) => void }) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<ReturnType<typeof periodProblem>>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { from, to };
    const wrong = periodProblem(next);
    setProblem(wrong);
    if (!wrong) onShow(next);
  };
  const days = daysIn(period);
  return (
    <section aria-labelledby="period-heading" className="analytics-period panel">
      <h2 id="period-heading">Period</h2>
      <div className="presets" role="group" aria-label="Quick periods">
        {PRESETS.map((preset) => {
          const preset_period = lastDays(preset.days);
          const current = preset_period.from === period.from && preset_period.to === period.to;
          return (
            <button key={preset.days} type="button" className="secondary" aria-pressed={current} onClick={() => onShow(preset_period)}>
              {preset.label}
            </button>
          );
        })}
      </div>
      <form className="filters" onSubmit={submit} noValidate>
        <Field
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          error={problem?.field === 'from' ? problem.message : undefined}
        />
        <Field
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          error={problem?.field === 'to' ? problem.message : undefined}
        />
        <button type="submit">Show</button>
      </form>
      <p className="hint">
        Showing {formatDay(period.from)} to {formatDay(period.to)} ({days === 1 ? '1 day' : `${days} days`}). Days run midnight to midnight UTC.{' '}
        <a href={apiHref(withQuery(CSV_PATH, { from: period.from, to: period.to }))}>Download this report as CSV</a>
      </p>
    </section>
  );
}

/** A section with its heading. */
function Section({ title, id, children, wide }: { readonly title: string; readonly id: string; readonly children: ReactNode; readonly wide?: boolean }) {
  return (
    <section aria-labelledby={id} className={wide ? 'stack analytics-wide' : 'stack'}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A figure: its name, value and an optional note. */
function Figure({ name, value, note }: { readonly name: string; readonly value: string; readonly note?: string }) {
  return (
    <div className="figure">
      <dt>{name}</dt>
      <dd>
        <span className="figure-value">{value}</span>
        {note && <span className="figure-note">{note}</span>}
      </dd>
    </div>
  );
}

function Report({ data, period }: { readonly data: AnalyticsReport; readonly period: Period }) {
  const money = (cents: number) => formatCents(cents, data.currency);
  const average = data.orders === 0 ? null : Math.round(data.revenue / data.orders);
  const visited = data.sessions > 0 || data.pageViews > 0;
  return (
    <div className="analytics-report">
      <Section title="Visits" id="visits-heading">
        {!visited && (
          <p className="empty">
            No visits in this period yet. Visitors, sessions and page views appear here a few seconds after people browse the site; robots that name themselves
            and the site's owners are not counted.
          </p>
        )}
        <dl className="figures">
          <Figure name="Visitors" value={count(data.visitors)} note="unique each day" />
          <Figure name="Sessions" value={count(data.sessions)} />
          <Figure name="Page views" value={count(data.pageViews)} />
          <Figure name="Bounce rate" value={percent(data.bounceRate)} note="sessions of one page" />
          <Figure name="Time on site" value={duration(data.timeOnSite)} note="average per session" />
        </dl>
      </Section>

      <Section title="Sales" id="sales-heading">
        <dl className="figures">
          <Figure name="Revenue" value={money(data.revenue)} note={`paid orders, ${data.currency}`} />
          <Figure name="Orders" value={count(data.orders)} />
          <Figure name="Average order value" value={average === null ? '—' : money(average)} note={average === null ? 'no orders yet' : undefined} />
        </dl>
      </Section>

      <Section title="Over time" id="days-heading" wide>
        <DaysChart days={data.days} period={period} money={money} />
      </Section>

      <Section title="Funnel" id="funnel-heading" wide>
        <Funnel funnel={data.funnel} />
      </Section>

      <div className="columns">
        <Section title="Referrers" id="referrers-heading">
          <Table
            caption="Visits by referring site"
            empty="No visits came from other sites in this period. Sites that link to yours appear here with their visits."
            head={['Source', 'Visits', 'Page views']}
            rows={data.referrers.map((r) => [r.source, count(r.visits), count(r.pageViews)])}
          />
        </Section>
        <Section title="UTM campaigns" id="campaigns-heading">
          <Table
            caption="Visits by UTM campaign"
            empty="No tagged visits in this period. Links with utm_source, utm_medium or utm_campaign in their address appear here."
            head={['Campaign', 'Source / medium', 'Visits']}
            figures={1}
            rows={data.campaigns.map((c) => [c.campaign || '(none)', `${c.source || '(none)'} / ${c.medium || '(none)'}`, count(c.visits)])}
          />
        </Section>
        <Section title="Devices" id="devices-heading">
          <Table
            caption="Visits by device"
            empty="No visits yet. Phones, tablets and desktops appear here with their visits."
            head={['Device', 'Visits', 'Page views']}
            rows={data.devices.map((d) => [d.device.charAt(0).toUpperCase() + d.device.slice(1), count(d.visits), count(d.pageViews)])}
          />
        </Section>
        <Section title="Browsers" id="browsers-heading">
          <Table
            caption="Visits by browser"
            empty="No visits yet. The browsers of your visitors appear here."
            head={['Browser', 'Visits', 'Page views']}
            rows={data.browsers.map((b) => [b.browser || 'Other', count(b.visits), count(b.pageViews)])}
          />
        </Section>
        <Section title="Top pages" id="pages-heading">
          <Table
            caption="Most viewed pages"
            empty="No page views in this period. The most viewed pages appear here."
            head={['Page', 'Type', 'Views']}
            figures={1}
            rows={data.topPages.map((p) => [
              <a key="page" href={p.path} className="path">
                {p.path}
              </a>,
              pageTypeName(p.pageType),
              count(p.views),
            ])}
          />
        </Section>
        <Section title="Top products" id="products-heading">
          <Table
            caption="Most viewed products"
            empty="No product views in this period. The products visitors look at most appear here."
            head={['Product', 'Views']}
            rows={data.topProducts.map((p) => [p.title || p.itemId, count(p.views)])}
          />
        </Section>
      </div>

      <Section title="Web vitals" id="vitals-heading" wide>
        <WebVitals vitals={data.webVitals} />
      </Section>

      <Section title="Script errors" id="errors-heading" wide>
        <Errors errors={data.errors} />
      </Section>
    </div>
  );
}

/** A ranking table: the first column names the row; the last `figures` columns are right-aligned numbers. */
function Table({
  caption,
  head,
  rows,
  empty,
  figures = head.length - 1,
}: {
  readonly caption: string;
  readonly head: readonly string[];
  readonly rows: readonly (readonly ReactNode[])[];
  readonly empty: string;
  readonly figures?: number;
}) {
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  const numberClass = (i: number) => (i >= head.length - figures ? 'number' : undefined);
  return (
    <div className="table-wrap" tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((name, i) => (
              <th key={name} scope="col" className={numberClass(i)}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r}>
              {cells.map((cell, i) =>
                i === 0 ? (
                  <th key={head[i]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={head[i]} className={numberClass(i)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The chart of the days, with the same figures as a table for screen readers and keyboards. */
function DaysChart({ days, period, money }: { readonly days: readonly DayFigures[]; readonly period: Period; readonly money: (cents: number) => string }) {
  const tableId = useId();
  const quiet = days.every((d) => d.pageViews === 0 && d.visitors === 0 && d.orders === 0);
  if (quiet) return <p className="empty">Nothing happened in this period yet. Page views, visitors and orders of each day appear here as a chart.</p>;
  const label = `Chart of page views, visitors and orders per day from ${formatDay(period.from)} to ${formatDay(period.to)}. The figures are in the table "Figures of each day".`;
  return (
    <>
      <Suspense fallback={<Loading label="Loading the chart…" />}>
        <DailyChart days={days} label={label} />
      </Suspense>
      <details className="days-table">
        <summary id={tableId}>Figures of each day</summary>
        <div className="table-wrap" tabIndex={0}>
          <table aria-labelledby={tableId}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="number">
                  Visitors
                </th>
                <th scope="col" className="number">
                  Sessions
                </th>
                <th scope="col" className="number">
                  Page views
                </th>
                <th scope="col" className="number">
                  Orders
                </th>
                <th scope="col" className="number">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDay(d.day, { weekday: 'short', day: 'numeric', month: 'short' })}</th>
                  <td className="number">{count(d.visitors)}</td>
                  <td className="number">{count(d.sessions)}</td>
                  <td className="number">{count(d.pageViews)}</td>
                  <td className="number">{count(d.orders)}</td>
                  <td className="number">{money(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/** Product view, add to cart, checkout and order, with the share that went on from each step. */
