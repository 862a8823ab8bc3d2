import { useCallback, useEffect, useRef, useState } from 'react';
import { adminItemRestoreRoute, adminItemRoute, apiRoutes } from '../../lib/api-contract.ts';
import { paths } from '../../lib/paths.ts';
import { signOut as endSession, isSessionGone, requestJson } from '../api/client.ts';
import { type SessionUser, useSession } from '../auth/use-session.ts';
import {
  type AdminCollectionName,
  type AdminView,
  adminCollectionNames,
  adminCollections,
  defaultPageSize,
  itemAnswerSchema,
  listAnswerSchema,
  maxPageSize,
  type SummaryAnswer as Summary,
  summaryAnswerSchema,
} from './admin-contract.ts';
import type { AdminRow, Lookups, Names } from './admin-fields.ts';
import {
  csvUrl,
  describeArrivals,
  describeNewCount,
  emptyFilters,
  type ListFilters as Filters,
  hasViewChanged,
  listUrl,
  rememberLatest,
} from './admin-query.ts';
import { ItemDetail } from './ItemDetail.tsx';
import { ListFilters } from './ListFilters.tsx';
import { Modal } from './Modal.tsx';
import { RowsTable } from './RowsTable.tsx';

/** The office must see new items within 10 seconds without a reload; a poll every 5 s leaves room. */
const pollMilliseconds = 5000;

type List =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; items: AdminRow[]; nextCursor: string | null };

type Props = { properties: Names; positions: Names };

/**
 * The office dashboard. It asks who is signed in before anything else: a visitor who is not an
 * admin is sent to the admin sign-in and no admin data is ever requested for them.
 */
export default function AdminDashboard({ properties, positions }: Props) {
  const { session, checkSession } = useSession();
  const admin = session.status === 'signed-in' && session.user.isAdmin;
  const refused = session.status === 'signed-out' || (session.status === 'signed-in' && !admin);

  useEffect(() => {
    if (refused) window.location.replace(paths.adminLogin);
  }, [refused]);

  if (session.status === 'checking') return <p role="status">Checking whether you are signed in…</p>;
  if (session.status === 'failed') {
    return (
      <div className="form__message" role="alert">
        <p>We could not reach the server to check whether you are signed in.</p>
        <button className="button button--ghost" type="button" onClick={() => void checkSession()}>
          Try again
        </button>
      </div>
    );
  }
  if (session.status === 'signed-out' || !admin) {
    return (
      <div className="outcome outcome--neutral" role="status">
        <h2>Sign in as an office admin</h2>
        <p>
          {session.status === 'signed-in'
            ? 'This account is not an office admin account, so the dashboard stays closed.'
            : 'The dashboard is only for the office.'}{' '}
          Taking you to the sign-in page… If nothing happens,{' '}
          <a href={paths.adminLogin}>go to the office sign-in</a>.
        </p>
      </div>
    );
  }
  return <Dashboard user={session.user} lookups={{ properties, positions }} />;
}

function Dashboard({ user, lookups }: { user: SessionUser; lookups: Lookups }) {
  const [collection, setCollection] = useState<AdminCollectionName>('booking-requests');
  const [view, setView] = useState<AdminView>('inbox');
  const [draft, setDraft] = useState<Filters>(emptyFilters);
  const [applied, setApplied] = useState<Filters>(emptyFilters);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [list, setList] = useState<List>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [summary, setSummary] = useState<Summary | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState('');
  const [openRow, setOpenRow] = useState<{ id: string; inTrash: boolean } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminRow | null>(null);
  const [deleteError, setDeleteError] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const request = useRef(0);
  const { label, noun } = adminCollections[collection];

  const leave = useCallback(() => {
    // The session is gone or was never an admin's: nothing of the data stays on the screen.
    setList({ status: 'loading' });
    window.location.replace(paths.adminLogin);
  }, []);

  /** The first page of what the controls say, or as many rows as are shown when refreshing in place. */
  const load = useCallback(
    async (options: {
      filters: Filters;
      view: AdminView;
      collection: AdminCollectionName;
      rows?: number;
      quiet?: boolean;
    }) => {
      const ticket = ++request.current;
      if (!options.quiet) setList({ status: 'loading' });
      const limit = options.rows ? Math.min(Math.max(options.rows, defaultPageSize), maxPageSize) : undefined;
      const answer = await requestJson(
        listUrl(options.collection, options.filters, options.view, { limit }),
        listAnswerSchema,
      );
      // A later request has been sent since: its answer, not this one, is what the controls say.
      if (ticket !== request.current) return;
      if (isSessionGone(answer)) return leave();
      if (!answer.ok) {
        if (options.quiet) return;
        setFieldErrors(answer.fields);
        setList({ status: 'failed', message: answer.message });
        return;
      }
      setFieldErrors({});
      setList({ status: 'loaded', items: answer.data.items, nextCursor: answer.data.nextCursor });
      if (!options.quiet) {
        const count = answer.data.items.length;
        const more = answer.data.nextCursor ? ' or more' : '';
        setAnnouncement(
          `${count === 0 ? 'No' : count}${more} ${count === 1 ? noun : `${noun}s`}${options.view === 'trash' ? ' in Trash' : ''} shown.`,
        );
      }
    },
    [leave, noun],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the view changes, not when `load` does
  useEffect(() => {
    void load({ filters: applied, view, collection });
  }, [collection, view, applied]);

  // The latest state for the poll, which runs outside React's renders.
  const latest = useRef({ collection, view, applied, shown: 0 });
  latest.current = {
    collection,
    view,
    applied,
    shown: list.status === 'loaded' ? list.items.length : 0,
  };
  const lastSummary = useRef<Summary['collections'] | undefined>(undefined);

  useEffect(() => {
    let stopped = false;
    async function poll() {
      const answer = await requestJson(apiRoutes.adminSummary, summaryAnswerSchema);
      if (stopped) return;
      if (isSessionGone(answer)) return leave();
      if (!answer.ok) return;
      const before = lastSummary.current;
      lastSummary.current = rememberLatest(before, answer.data.collections);
      setSummary(answer.data);
      const arrivals = describeArrivals(before, answer.data.collections);
      if (arrivals) setAnnouncement(arrivals);
      const { collection: open, view: openView, applied: filters, shown } = latest.current;
      const find = (counts?: Summary['collections']) => counts?.find((count) => count.name === open);
      if (hasViewChanged(find(before), find(answer.data.collections))) {
        void load({ filters, view: openView, collection: open, rows: shown, quiet: true });
      }
    }
    void poll();
    const timer = window.setInterval(() => void poll(), pollMilliseconds);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [leave, load]);

  function choose(next: AdminCollectionName) {
    if (next === collection) return;
    setCollection(next);
    setView('inbox');
    setDraft(emptyFilters);
    setApplied(emptyFilters);
    setFieldErrors({});
    setProblem('');
  }

  function chooseView(next: AdminView) {
    setView(next);
    setProblem('');
  }

  async function loadMore() {
    if (list.status !== 'loaded' || !list.nextCursor || loadingMore) return;
    setLoadingMore(true);
    const ticket = ++request.current;
    const answer = await requestJson(
      listUrl(collection, applied, view, { cursor: list.nextCursor }),
      listAnswerSchema,
    );
    setLoadingMore(false);
    if (ticket !== request.current) return;
    if (isSessionGone(answer)) return leave();
    if (!answer.ok) {
      setProblem(answer.message);
      return;
    }
    setList({
      status: 'loaded',
      items: [...list.items, ...answer.data.items],
      nextCursor: answer.data.nextCursor,
    });
    setAnnouncement(`${answer.data.items.length} more ${noun}s shown.`);
  }

  function removeRow(id: string) {
    setList((current) =>
      current.status === 'loaded'
        ? { ...current, items: current.items.filter((row) => row.id !== id) }
        : current,
    );
  }

  function replaceRow(item: AdminRow) {
    setList((current) =>
      current.status === 'loaded'
        ? { ...current, items: current.items.map((row) => (row.id === item.id ? { ...row, ...item } : row)) }
        : current,
    );
  }

  const nameOf = (row: AdminRow) => String(row.name || row.email || 'someone');

  async function confirmDelete() {
    if (!pendingDelete || deleting) return;
    setDeleting(true);
    setDeleteError('');
    const answer = await requestJson(adminItemRoute(collection, pendingDelete.id), itemAnswerSchema, {
      method: 'DELETE',
    });
    setDeleting(false);
    if (isSessionGone(answer)) return leave();
    if (!answer.ok) {
      setDeleteError(answer.message);
      return;
    }
    removeRow(pendingDelete.id);
    setAnnouncement(
      `The ${noun} from ${nameOf(pendingDelete)} is in Trash. Restore it from there within 30 days.`,
    );
    setPendingDelete(null);
  }

  async function restore(row: AdminRow) {
    setProblem('');
    const answer = await requestJson(adminItemRestoreRoute(collection, row.id), itemAnswerSchema, {
      method: 'POST',
    });
    if (isSessionGone(answer)) return leave();
    if (!answer.ok) {
      setProblem(answer.message);
      return;
    }
    removeRow(row.id);
    headingRef.current?.focus();
    setAnnouncement(`The ${noun} from ${nameOf(row)} is restored to ${label.toLowerCase()}.`);
  }

  async function signOut() {
    setSigningOut(true);
    setProblem('');
    if (await endSession()) {
      setList({ status: 'loading' });
      window.location.assign(paths.adminLogin);
      return;
    }
    setSigningOut(false);
    setProblem('We could not sign you out just now. Check your connection and press Sign out again.');
  }

  const counts = (name: AdminCollectionName) => summary?.collections.find((count) => count.name === name);
  const trashCount = counts(collection)?.trash;

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
          onClick={() => void signOut()}
          disabled={signingOut}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <nav className="admin__nav" aria-label="Dashboard lists">
        <ul>
          {adminCollectionNames.map((name) => {
            const fresh = counts(name)?.new ?? 0;
            return (
              <li key={name}>
                <button
                  type="button"
                  className="admin__nav-button"
                  aria-current={name === collection ? 'true' : undefined}
                  onClick={() => choose(name)}
                >
                  {adminCollections[name].label}
                  {fresh > 0 && (
                    <span className="admin__badge">
                      <span className="visually-hidden">, </span>
                      {fresh} new
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="admin__view">
        <div className="admin__view-head">
          <h2 id="admin-view-title" ref={headingRef} tabIndex={-1}>
            {view === 'trash' ? `${label}: Trash` : label}
          </h2>
          <div className="admin__views">
            <button type="button" aria-pressed={view === 'inbox'} onClick={() => chooseView('inbox')}>
              {describeNewCount('Inbox', counts(collection)?.new ?? 0)}
            </button>
            <button type="button" aria-pressed={view === 'trash'} onClick={() => chooseView('trash')}>
              Trash{trashCount ? `, ${trashCount}` : ''}
            </button>
          </div>
        </div>
        {view === 'trash' && (
          <p className="admin__note">Items stay in Trash for 30 days, then they are removed for good.</p>
        )}
        <ListFilters
          collection={collection}
          label={label}
          values={draft}
          errors={fieldErrors}
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
        <p className="admin__export">
          <a className="button button--ghost" href={csvUrl(collection, applied, view)} download>
            Export CSV
            <span className="visually-hidden"> of the {label.toLowerCase()} these filters show</span>
          </a>
        </p>
        {problem && (
          <p className="form__message" role="alert">
            {problem}
          </p>
        )}
        {list.status === 'loading' && <p>Loading {label.toLowerCase()}…</p>}
        {list.status === 'failed' && (
          <div className="form__message" role="alert">
            <p>{list.message}</p>
            <button
              className="button button--ghost"
              type="button"
              onClick={() => void load({ filters: applied, view, collection })}
            >
              Try again
            </button>
          </div>
        )}
        {list.status === 'loaded' && (
          <>
            <RowsTable
              collection={collection}
              caption={view === 'trash' ? `${label} in Trash` : label}
              rows={list.items}
              inTrash={view === 'trash'}
              lookups={lookups}
              onOpen={(row) => setOpenRow({ id: row.id, inTrash: view === 'trash' })}
              onDelete={(row) => {
                setDeleteError('');
                setPendingDelete(row);
              }}
              onRestore={(row) => void restore(row)}
            />
            {list.nextCursor && (
              <button
                className="button button--ghost"
                type="button"
                onClick={() => void loadMore()}
                disabled={loadingMore}
              >
                {loadingMore ? 'Loading…' : `Load more ${label.toLowerCase()}`}
              </button>
            )}
          </>
        )}
      </div>
      {openRow && (
        <ItemDetail
          collection={collection}
          id={openRow.id}
          inTrash={openRow.inTrash}
          lookups={lookups}
          onClose={() => setOpenRow(null)}
          onChanged={replaceRow}
          onSessionGone={leave}
          fallbackFocus={() => headingRef.current}
        />
      )}
      {pendingDelete && (
        <Modal
          title={`Move this ${noun} to Trash?`}
          titleId="delete-title"
          onClose={() => setPendingDelete(null)}
          fallbackFocus={() => headingRef.current}
        >
          <p>
            The {noun} from <strong>{nameOf(pendingDelete)}</strong> leaves {label.toLowerCase()} and waits in
            Trash for 30 days, where Restore brings it back.
          </p>
          {deleteError && (
            <p className="form__message" role="alert">
              {deleteError}
            </p>
          )}
          <div className="modal__buttons">
            <button className="button button--ghost" type="button" onClick={() => setPendingDelete(null)}>
              Cancel
            </button>
            <button
              className="button button--danger"
              type="button"
              onClick={() => void confirmDelete()}
              disabled={deleting}
            >
              {deleting ? 'Moving…' : 'Move to Trash'}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
