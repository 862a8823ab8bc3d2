import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import SearchView, { type SearchViewState } from './SearchView.tsx';

/** The search page's content as markup, rendered by the search function with React itself. */
export function renderSearchView(state: SearchViewState): string {
  return renderToStaticMarkup(createElement(SearchView, state));
}
