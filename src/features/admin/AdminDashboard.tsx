import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { todayInKerala } from '../../lib/dates.ts';
import { openingWindowStart } from '../../lib/occupancy-window.ts';
import { paths } from '../../lib/paths.ts';
import { SessionGate } from '../auth/SessionGate.tsx';
import type { SessionUser } from '../auth/use-session.ts';
import { BalancesDue } from '../payment/BalancesDue.tsx';
import type { Lookups, Names } from './admin-fields.ts';
import { csvUrl, describeNewCount, emptyFilters, type ListFilters as Filters } from './admin-query.ts';
import { CollectionRows } from './CollectionRows.tsx';
import { type AdminCollectionName, type AdminView, adminCollections } from './collection-contract.ts';
import { DashboardNav, type DashboardScreen, FormCollectionsNav, isFormCollection } from './DashboardNav.tsx';
import { DeleteDialog } from './DeleteDialog.tsx';
import { ListFilters } from './ListFilters.tsx';
import { NumbersView } from './NumbersView.tsx';
import { OccupancyCalendar } from './OccupancyCalendar.tsx';
import { TodayView } from './TodayView.tsx';
import { useAdminSession } from './use-admin-session.ts';
import { type List, useCollectionList } from './use-collection-list.ts';
import { useSummary } from './use-summary.ts';
import { useTrashActions } from './use-trash-actions.ts';

/**
 * A row's detail (its history, and a booking's payments, notes, conversation, guests and emails) is
 * the biggest part of the office's script and no part of its first screen: it loads on its own, asked
 * for once the dashboard is idle, so the first open does not wait for it either. Inside the first load
 * it took /admin to 132 KB gzip, over its 130 KB budget (`npm run bench:bundle`).
 */
const loadItemDetail = () => import('./ItemDetail.tsx');
const ItemDetail = lazy(() => loadItemDetail().then(({ ItemDetail }) => ({ default: ItemDetail })));

type Props = { properties: Names; positions: Names };

/**
 * The office dashboard. It asks who is signed in before anything else: a visitor who is not an
 * admin is sent to the admin sign-in and no admin data is ever requested for them.
 */
export default function AdminDashboard({ properties, positions }: Props) {
  return (
    <SessionGate
      admin
      checking={<p role="status">Checking whether you are signed in…</p>}
      failedMessage="We could not reach the server to check whether you are signed in."
      signedOut={(guest) => <SentToAdminSignIn guest={guest} />}
    >
      {(user) => <Dashboard user={user} lookups={{ properties, positions }} />}
    </SessionGate>
  );
}

/** A visitor who is not an office admin is taken to the admin sign-in, with a link if that fails. */
function SentToAdminSignIn({ guest }: { guest?: SessionUser }) {
  useEffect(() => {
    window.location.replace(paths.adminLogin);
  }, []);
  return (
    <div className="outcome outcome--neutral" role="status">
      <h2>Sign in as an office admin</h2>
      <p>
        {guest
          ? 'This account is not an office admin account, so the dashboard stays closed.'
          : 'The dashboard is only for the office.'}{' '}
        Taking you to the sign-in page… If nothing happens,{' '}
        <a href={paths.adminLogin}>go to the office sign-in</a>.
      </p>
    </div>
  );
}

function Dashboard({ user, lookups }: { user: SessionUser; lookups: Lookups }) {
  // The detail's script, fetched while the office reads its day, before the first row is opened.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadItemDetail());
  }, []);
  const [collection, setCollection] = useState<AdminCollectionName>('booking-requests');
  // The form list "Messages and forms" opens on: the one shown last.
  const [formCollection, setFormCollection] = useState<AdminCollectionName>('contact-messages');
  // The dashboard opens on the office's day. The list shown last stays chosen while another screen is on.
  const [screen, setScreen] = useState<DashboardScreen>('today');
  // The calendar's window, kept while another screen is on: it opens a few days before today.
  const [calendarFrom, setCalendarFrom] = useState(() => openingWindowStart(todayInKerala()));
  // Bumped when a stay opened from the calendar changed status, so its bar moves or goes.
  const [calendarVersion, setCalendarVersion] = useState(0);
  const [view, setView] = useState<AdminView>('inbox');
  const [draft, setDraft] = useState<Filters>(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  const [announcement, setAnnouncement] = useState('');
  // Arrivals have a live region of their own: in the one region, the answer of a list load that
  // crossed the poll ("4 booking requests shown.") replaced "1 new booking request arrived." at once,
  // and neither a screen reader nor the test heard of the arrival (a busy run, 2026-11-27).
  const [arrivals, setArrivals] = useState('');
  const [problem, setProblem] = useState('');
  const [openRow, setOpenRow] = useState<{
    collection: AdminCollectionName;
    id: string;
    inTrash: boolean;
  } | null>(null);
  // Bumped when a booking opened from the balances due closes, since a payment may have been recorded.
  const [balancesVersion, setBalancesVersion] = useState(0);
  // Bumped when a booking opened from the day changed or closes: a request answered leaves the list.
  const [dayVersion, setDayVersion] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { label, noun } = adminCollections[collection];
  const session = useAdminSession(setProblem);
  const rows = useCollectionList({
    collection,
    onSessionGone: session.leave,
    onAnnounce: setAnnouncement,
    onProblem: setProblem,
  });
  // The session is gone or was never an admin's: nothing of the data stays on the screen.
  const list: List = session.leaving ? { status: 'loading' } : rows.list;
  const { load } = rows;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the view changes, not when `load` does
  useEffect(() => {
    void load({ filters: applied, view, collection });
  }, [collection, view, applied]);

  const { summary, refresh: refreshCounts } = useSummary(
    { collection, view, filters: applied, rows: list.status === 'loaded' ? list.items.length : 0 },
    { onSessionGone: session.leave, onAnnounce: setArrivals, load },
  );

  const trash = useTrashActions({
    collection,
    onSessionGone: session.leave,
    onAnnounce: setAnnouncement,
    onProblem: setProblem,
    onRemoved: (id) => {
      rows.removeRow(id);
      refreshCounts();
    },
    onRestored: () => headingRef.current?.focus(),
  });

  function choose(next: DashboardScreen) {
    if (next === 'today' || next === 'calendar' || next === 'balances' || next === 'numbers') {
      if (next === 'balances') setBalancesVersion((version) => version + 1);
      if (next === 'today') setDayVersion((version) => version + 1);
      setScreen(next);
      return;
    }
    setScreen(next);
    if (isFormCollection(next)) setFormCollection(next);
    if (next === collection) return;
    setCollection(next);
    setView('inbox');
    setDraft(emptyFilters);
    setApplied(emptyFilters);
    rows.setFieldErrors({});
    setProblem('');
  }

  /** The booking list with only these filters applied: the day's "N more" leads to what it counted. */
  function showBookings(filters: Partial<Filters>) {
    const chosen = { ...emptyFilters, ...filters };
    setScreen('booking-requests');
    setCollection('booking-requests');
    setView('inbox');
    setDraft(chosen);
    setApplied(chosen);
    rows.setFieldErrors({});
    setProblem('');
  }

  function chooseView(next: AdminView) {
    setView(next);
    setProblem('');
  }

  const counts = (name: AdminCollectionName) => summary?.collections.find((count) => count.name === name);
  const newCount = (name: AdminCollectionName) => counts(name)?.new ?? 0;
  const trashCount = counts(collection)?.trash;
  const inTrash = view === 'trash';

  return (
    <div className="admin">
      <div className="admin__who">
        <p>
          Signed in as <strong>{user.name || user.email}</strong>
          {user.name ? ` (${user.email})` : ''}
        </p>
        <button
          className="button button--ghost"
          type="button"
          onClick={() => void session.signOut()}
          disabled={session.signingOut}
        >
          {session.signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" aria-label="What the list shows">
        {announcement}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-label="New arrivals">
        {arrivals}
      </p>
      <DashboardNav
        current={screen}
        newCount={newCount}
        bookingsWaiting={counts('booking-requests')?.waiting ?? 0}
        onChoose={choose}
        formCollection={formCollection}
      />
      {screen === 'today' && (
        <TodayView
          headingRef={headingRef}
          version={dayVersion}
          onOpen={(id) => setOpenRow({ collection: 'booking-requests', id, inTrash: false })}
          onShow={choose}
          onShowBookings={showBookings}
          onSessionGone={session.leave}
        />
      )}
      {screen === 'calendar' && (
        <div className="admin__view">
          <h2 id="admin-view-title" ref={headingRef} tabIndex={-1}>
            Occupancy calendar
          </h2>
          <OccupancyCalendar
            from={calendarFrom}
            onFromChange={setCalendarFrom}
            onOpen={(id) => setOpenRow({ collection: 'booking-requests', id, inTrash: false })}
            onSessionGone={session.leave}
            version={calendarVersion}
          />
        </div>
      )}
      {screen === 'balances' && (
        <BalancesDue
          headingRef={headingRef}
          version={balancesVersion}
          onOpen={(id) => setOpenRow({ collection: 'booking-requests', id, inTrash: false })}
          onSessionGone={session.leave}
        />
      )}
      {screen === 'numbers' && (
        <NumbersView headingRef={headingRef} version={dayVersion} onSessionGone={session.leave} />
      )}
      {screen === collection && (
        <div className="admin__view">
          {isFormCollection(collection) && (
            <FormCollectionsNav current={collection} newCount={newCount} onChoose={choose} />
          )}
          <div className="admin__view-head">
            <h2 id="admin-view-title" ref={headingRef} tabIndex={-1}>
              {inTrash ? `${label}: Trash` : label}
            </h2>
            <div className="admin__views">
              <button type="button" aria-pressed={view === 'inbox'} onClick={() => chooseView('inbox')}>
                {describeNewCount('Inbox', counts(collection)?.new ?? 0)}
              </button>
              <button type="button" aria-pressed={inTrash} onClick={() => chooseView('trash')}>
                Trash{trashCount ? `, ${trashCount}` : ''}
              </button>
              {/* Beside the views, not a line of its own: the first screen is for rows. */}
              <a
                className="button button--ghost admin__export"
                href={csvUrl(collection, applied, view)}
                download
              >
                Export CSV
                <span className="visually-hidden"> of the {label.toLowerCase()} these filters show</span>
              </a>
            </div>
          </div>
          {inTrash && (
            <p className="admin__note">Items stay in Trash for 30 days, then they are removed for good.</p>
          )}
          <ListFilters
            collection={collection}
            label={label}
            values={draft}
            errors={rows.fieldErrors}
            properties={lookups.properties}
            positions={lookups.positions}
            busy={list.status === 'loading'}
            onChange={(name, value) => setDraft((current) => ({ ...current, [name]: value }))}
            onSubmit={() => {
              setApplied({ ...draft });
              // The same filters again still mean "ask again".
              if (JSON.stringify(draft) === JSON.stringify(applied))
                void load({ filters: draft, view, collection });
            }}
            onClear={() => {
              setDraft(emptyFilters);
              setApplied(emptyFilters);
            }}
          />
          {problem && (
            <p className="form__message" role="alert">
              {problem}
            </p>
          )}
          <CollectionRows
            collection={collection}
            label={label}
            list={list}
            inTrash={inTrash}
            lookups={lookups}
            loadingMore={rows.loadingMore}
            onRetry={() => void load({ filters: applied, view, collection })}
            onLoadMore={() => void rows.loadMore(applied, view)}
            onOpen={(row) => setOpenRow({ collection, id: row.id, inTrash })}
            onDelete={trash.askToDelete}
            onRestore={(row) => void trash.restore(row)}
          />
        </div>
      )}
      {openRow && (
        <Suspense fallback={null}>
          <ItemDetail
            collection={openRow.collection}
            id={openRow.id}
            inTrash={openRow.inTrash}
            lookups={lookups}
            onClose={() => {
              setOpenRow(null);
              setBalancesVersion((version) => version + 1);
              setDayVersion((version) => version + 1);
            }}
            onChanged={(item) => {
              if (openRow.collection === collection) rows.replaceRow(item);
              setCalendarVersion((version) => version + 1);
              setDayVersion((version) => version + 1);
              refreshCounts();
            }}
            onSessionGone={session.leave}
            fallbackFocus={() => headingRef.current}
          />
        </Suspense>
      )}
      {trash.pendingDelete && (
        <DeleteDialog
          row={trash.pendingDelete}
          label={label}
          noun={noun}
          error={trash.deleteError}
          deleting={trash.deleting}
          onCancel={trash.cancelDelete}
          onConfirm={() => void trash.confirmDelete()}
          fallbackFocus={() => headingRef.current}
        />
      )}
    </div>
  );
}
