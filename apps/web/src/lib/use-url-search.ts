import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const SEARCH_DEBOUNCE_MS = 300;

/** The search to send for what was typed: trimmed, and none below `minLength` (or when blank). */
export function searchTermOf(text: string, minLength = 1): string | null {
  const trimmed = text.trim();
  return trimmed.length >= Math.max(minLength, 1) ? trimmed : null;
}

/**
 * A list's search box: the text as typed, and the term to send once typing pauses. The URL keeps
 * the term (`?q=`), so a reload or Back from a record returns to the same list.
 */
export function useUrlSearch(options: { minLength?: number } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [searchText, setSearchText] = useState(() => searchParams.get('q') ?? '');
  const [debouncedText] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const search = searchTermOf(debouncedText, options.minLength);

  useEffect(() => {
    if ((searchParams.get('q') ?? '') === (search ?? '')) return;
    const next = new URLSearchParams(searchParams);
    if (search) next.set('q', search);
    else next.delete('q');
    setSearchParams(next, { replace: true });
  }, [search, searchParams, setSearchParams]);

  return { searchText, setSearchText, search };
}

/** The same without the URL, for a search inside a page section or a picker. */
export function useDebouncedSearch(options: { minLength?: number } = {}) {
  const [searchText, setSearchText] = useState('');
  const [debouncedText] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  return { searchText, setSearchText, search: searchTermOf(debouncedText, options.minLength) };
}
