import type { FieldErrors } from '../../lib/form-fields.ts';
import SearchBar, { type SearchBarValues } from './SearchBar.tsx';
import SearchResults from './SearchResults.tsx';
import type { SearchAnswer } from './search-contract.ts';

/** What the search page shows under its heading: nothing asked yet, fields to correct, an answer, or a failure. */
export type SearchViewState = {
  values?: Partial<SearchBarValues>;
  errors?: FieldErrors;
  /** A sentence for the whole page: "Some fields need your attention.", or why nothing could be searched. */
  message?: string;
  answer?: SearchAnswer;
  today: string;
};

/**
 * The search page's content: the search bar (filled with what was asked), then the answer. The build
 * renders its empty state into src/pages/search.astro; the search function renders every other state
 * on the server (`renderSearchView`), so the page works the same without JavaScript.
 */
export default function SearchView({ values, errors, message, answer, today }: SearchViewState) {
  return (
    <div className="search-view">
      {message && (
        <p className="search-view__message" role="alert">
          {message}
        </p>
      )}
      <SearchBar values={values} errors={errors} today={today} />
      {answer ? (
        <SearchResults answer={answer} />
      ) : (
        !message && (
          <p className="search-view__hint">
            Choose your arrival and departure dates and how many will stay: you will see every villa and
            apartment free then, with the price of that stay, and when the others are free again.
          </p>
        )
      )}
    </div>
  );
}
