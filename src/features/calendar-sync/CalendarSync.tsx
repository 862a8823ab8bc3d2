import { useCallback, useEffect, useState } from 'react';
import {
  adminCalendarFeedRoute,
  adminCalendarFeedsRoute,
  adminCalendarImportRoute,
  adminCalendarLinkRoute,
  apiRoutes,
} from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import {
  type CalendarOverview,
  calendarChangeAnswerSchema,
  calendarLinkSchema,
  calendarOverviewSchema,
  propertyImportSchema,
} from './calendar-sync-contract.ts';

type Property = CalendarOverview['properties'][number];

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** A time as the office reads it, in Kerala. */
const formatWhen = (iso: string | null) => (iso ? `${whenFormat.format(new Date(iso))} (Kerala)` : 'never');

/**
 * The office's calendar sync, property by property: other platforms' iCal feeds (add, remove, import
 * now), the nights they block, and the secret link of the property's own feed for those platforms.
 */
export default function CalendarSync() {
  const [overview, setOverview] = useState<CalendarOverview | null>(null);
  const [problem, setProblem] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const leave = useCallback(() => window.location.replace(paths.adminLogin), []);

  const load = useCallback(async () => {
    const answer = await requestJson(apiRoutes.adminCalendars, calendarOverviewSchema);
    if (isSessionGone(answer)) return leave();
    if (!answer.ok) return setProblem(answer.message);
    setProblem('');
    setOverview(answer.data);
  }, [leave]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!overview) {
    return <p role={problem ? 'alert' : 'status'}>{problem || 'Loading the calendars…'}</p>;
  }
  return (
    <div className="calendar-sync">
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {overview.properties.map((property) => (
        <PropertyCalendar
          key={property.property}
          property={property}
          onChanged={load}
          onAnnounce={setAnnouncement}
          onSessionGone={leave}
        />
      ))}
    </div>
  );
}

type PropertyProps = {
  property: Property;
  onChanged: () => Promise<void>;
  onAnnounce: (message: string) => void;
  onSessionGone: () => void;
};

function PropertyCalendar({ property, onChanged, onAnnounce, onSessionGone }: PropertyProps) {
  const headingId = `calendar-${property.property}`;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [link, setLink] = useState('');

  async function run<T>(work: () => Promise<{ ok: boolean; status: number; message?: string } & T>) {
    setBusy(true);
    const answer = await work();
    setBusy(false);
    if (isSessionGone(answer as never)) onSessionGone();
    return answer;
  }

  async function addFeed(event: Event) {
    event.preventDefault();
    const answer = await run(() =>
      requestJson(adminCalendarFeedsRoute(property.property), calendarChangeAnswerSchema, {
        method: 'POST',
        body: { label, url },
      }),
    );
    if (!answer.ok) {
      setMessage(answer.message);
      setFields(answer.fields);
      return;
    }
    setFields({});
    setMessage('');
    onAnnounce(`${label} calendar added to ${property.name}. Press Import now to read it.`);
    setLabel('');
    setUrl('');
    await onChanged();
  }

  async function removeFeed(id: string, feedLabel: string) {
    const answer = await run(() =>
      requestJson(adminCalendarFeedRoute(property.property, id), calendarChangeAnswerSchema, {
        method: 'DELETE',
      }),
    );
    setMessage(answer.ok ? '' : answer.message);
    if (answer.ok) onAnnounce(`${feedLabel} calendar removed from ${property.name}, with its blocks.`);
    await onChanged();
  }

  async function importNow() {
    const answer = await run(() =>
      requestJson(adminCalendarImportRoute(property.property), propertyImportSchema, { method: 'POST' }),
    );
    if (!answer.ok) return setMessage(answer.message);
    const failed = answer.data.imports.filter((one) => !one.ok);
    const text =
      failed.length === 0
        ? `Imported ${answer.data.imports.length} ${answer.data.imports.length === 1 ? 'calendar' : 'calendars'} for ${property.name}.`
        : `${failed.map((one) => `${one.label}: ${one.error}`).join('; ')}. The blocks it had before are kept.`;
    setMessage(failed.length > 0 ? text : '');
    onAnnounce(text);
    await onChanged();
  }

  async function makeLink() {
    const answer = await run(() =>
      requestJson(adminCalendarLinkRoute(property.property), calendarLinkSchema, { method: 'POST' }),
    );
    if (!answer.ok) return setMessage(answer.message);
    setLink(answer.data.url);
    onAnnounce(`A new calendar link for ${property.name} is shown; the old one no longer works.`);
    await onChanged();
  }

  return (
    <section className="calendar-sync__property" aria-labelledby={headingId}>
      <h2 id={headingId}>{property.name}</h2>
      {message && (
        <p className="form__message" role="alert">
          {message}
        </p>
      )}

      <h3>Calendars imported from other platforms</h3>
      {property.feeds.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="calendar-sync__feeds">
          {property.feeds.map((feed) => (
            <li key={feed.id}>
              <strong>{feed.label}</strong> <span className="calendar-sync__url">{feed.url}</span>
              <br />
              Last synced: {formatWhen(feed.lastSyncedAt)} · last tried: {formatWhen(feed.lastTriedAt)} ·{' '}
              {feed.blockCount} {feed.blockCount === 1 ? 'block' : 'blocks'}
              {feed.lastError && (
                <span className="calendar-sync__error"> · Last import failed: {feed.lastError}</span>
              )}
              {feed.lastWarning && (
                <span className="calendar-sync__warning"> · Imported with a change: {feed.lastWarning}</span>
              )}{' '}
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                onClick={() => void removeFeed(feed.id, feed.label)}
              >
                Remove<span className="visually-hidden"> {feed.label} calendar</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button"
        disabled={busy || property.feeds.length === 0}
        onClick={() => void importNow()}
      >
        {busy ? 'Working…' : 'Import now'}
        <span className="visually-hidden"> for {property.name}</span>
      </button>

      <form
        className="calendar-sync__add"
        onSubmit={(event) => void addFeed(event as unknown as Event)}
        noValidate
      >
        <div className={`field${fields.label ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${headingId}-label`}>
            Platform
          </label>
          <input
            id={`${headingId}-label`}
            className="field__control"
            value={label}
            placeholder="Airbnb"
            onChange={(event) => setLabel(event.currentTarget.value)}
            aria-invalid={fields.label ? true : undefined}
            aria-describedby={fields.label ? `${headingId}-label-error` : undefined}
          />
          {fields.label && (
            <p className="field__error" id={`${headingId}-label-error`}>
              {fields.label}
            </p>
          )}
        </div>
        <div className={`field${fields.url ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${headingId}-url`}>
            iCal link
          </label>
          <input
            id={`${headingId}-url`}
            className="field__control"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            aria-invalid={fields.url ? true : undefined}
            aria-describedby={fields.url ? `${headingId}-url-error` : undefined}
          />
          {fields.url && (
            <p className="field__error" id={`${headingId}-url-error`}>
              {fields.url}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          Add calendar<span className="visually-hidden"> to {property.name}</span>
        </button>
      </form>

      <h3>Blocked nights</h3>
      {property.blocks.length === 0 ? (
        <p>No nights blocked by other platforms.</p>
      ) : (
        <ul className="calendar-sync__blocks">
          {property.blocks.map((block) => (
            <li key={block.id}>
              Blocked by {block.label}: {formatStayDate(block.start)} to {formatStayDate(block.end)}
              {block.conflicts.length > 0 && (
                <strong className="calendar-sync__error">
                  {' '}
                  · Double booking with {block.conflicts.join(', ')}
                </strong>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3>This property’s own calendar</h3>
      <p>
        {property.linkCreatedAt
          ? `Its secret link was made ${formatWhen(property.linkCreatedAt)}. Make a new one to see it again; the old link then stops working.`
          : 'No link yet. Make one and paste it into each platform’s “Import calendar”.'}
      </p>
      {link && (
        <p>
          <label className="field__label" htmlFor={`${headingId}-link`}>
            Calendar link (copy it now; it is shown once)
          </label>
          <input id={`${headingId}-link`} className="field__control" readOnly value={link} />
        </p>
      )}
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => void makeLink()}>
        Make a new link<span className="visually-hidden"> for {property.name}</span>
      </button>
    </section>
  );
}
