import type { AdminRow, Lookups } from './admin-fields.ts';
import type { AdminCollectionName } from './collection-contract.ts';
import { RowsTable } from './RowsTable.tsx';
import type { List } from './use-collection-list.ts';

type Props = {
  collection: AdminCollectionName;
  label: string;
  list: List;
  inTrash: boolean;
  lookups: Lookups;
  loadingMore: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
  onOpen: (row: AdminRow) => void;
  onDelete: (row: AdminRow) => void;
  onRestore: (row: AdminRow) => void;
};

/** The open list as it stands: loading, failed with a way to try again, or its rows and "Load more". */
export function CollectionRows({
  collection,
  label,
  list,
  inTrash,
  lookups,
  loadingMore,
  onRetry,
  onLoadMore,
  onOpen,
  onDelete,
  onRestore,
}: Props) {
  if (list.status === 'loading') return <p>Loading {label.toLowerCase()}…</p>;
  if (list.status === 'failed') {
    return (
      <div className="form__message" role="alert">
        <p>{list.message}</p>
        <button className="button button--ghost" type="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <RowsTable
        collection={collection}
        caption={inTrash ? `${label} in Trash` : label}
        rows={list.items}
        inTrash={inTrash}
        lookups={lookups}
        onOpen={onOpen}
        onDelete={onDelete}
        onRestore={onRestore}
      />
      {list.nextCursor && (
        <button className="button button--ghost" type="button" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : `Load more ${label.toLowerCase()}`}
        </button>
      )}
    </>
  );
}
