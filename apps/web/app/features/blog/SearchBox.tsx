import { BLOG_SEARCH_MAX_LENGTH, type BlogSearchHit } from '@sprout/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';

type SuggestionData = { suggestions?: BlogSearchHit[]; query?: string };

const SUGGEST_DELAY_MS = 180;

/**
 * The blog's search form: a plain GET form to /blog/search/ (works before hydration) that, once
 * hydrated, suggests posts as you type through a fetcher of the search page's loader.
 */
export function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const inputId = useId();
  const listId = useId();
  const fetcher = useFetcher<SuggestionData>();
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { load } = fetcher;

  useEffect(() => setQuery(initialQuery), [initialQuery]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    if (value.trim().length < 2) {
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      setOpen(true);
      load(`/blog/search/?${new URLSearchParams({ q: value.trim(), suggest: '1' })}`);
    }, SUGGEST_DELAY_MS);
  }

  const suggestions = open && fetcher.data?.query === query.trim() ? (fetcher.data.suggestions ?? []) : [];
  const busy = fetcher.state !== 'idle';
  return (
    <div className="blog-search">
      <Form method="get" action="/blog/search/" role="search" className="blog-search__form">
        <label htmlFor={inputId} className="blog-search__label">
          Search the blog
        </label>
        <div className="blog-search__row">
          <input
            id={inputId}
            name="q"
            type="search"
            value={query}
            maxLength={BLOG_SEARCH_MAX_LENGTH}
            autoComplete="off"
            aria-describedby={listId}
            onChange={(event) => onChange(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false);
            }}
            className="blog-search__input"
          />
          <button type="submit" className="button button--primary blog-search__submit">
            Search
          </button>
        </div>
      </Form>
      <div id={listId} className="blog-search__suggestions" aria-busy={busy}>
        <p className="visually-hidden" role="status">
          {open && !busy && fetcher.data?.query === query.trim()
            ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}`
            : ''}
        </p>
        {suggestions.length > 0 ? (
          <ul aria-label="Suggested posts">
            {suggestions.map((hit) => (
              <li key={hit.id}>
                <Link to={`/blog/${hit.slug}/`} onClick={() => setOpen(false)}>
                  {hit.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
