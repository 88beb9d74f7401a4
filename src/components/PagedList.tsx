import { Box, Button, Stack } from '@chakra-ui/react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useCallback, useRef, useState } from 'react';
import { ListLoading } from '../information/LoadState';
import { EmptyData } from './EmptyData';
import { LoadError } from './LoadError';

/** A list read page by page ("load more"), with the last answer's extras (e.g. totals). */
export interface Pages<T, A> {
  items: T[];
  total: number;
  page: number;
  /** The latest page's answer, for what it carries beside the rows. */
  answer: A | null;
  loading: boolean;
  failed: boolean;
}

const FIRST = { items: [], total: 0, page: 0, answer: null, loading: true, failed: false };

export interface PagedList<T, A> {
  list: Pages<T, A>;
  setList: Dispatch<SetStateAction<Pages<T, A>>>;
  /** Asks for a page; page 1 replaces the rows, later pages add to them. */
  fetchPage: (page: number) => void;
  /** fetchPage, showing the loading state first (buttons). */
  load: (page: number) => void;
  /** Forgets any answer still on its way (the list is going away). */
  forget: () => void;
}

/**
 * The state of a paged list: only the latest request's answer is kept, none once forgotten.
 * `fetch` and `itemsOf` must be stable (useCallback, or defined outside the component) for as
 * long as the list is the same list.
 */
export function usePagedList<T, A extends { total: number }>(
  fetch: (page: number) => Promise<A>,
  itemsOf: (answer: A) => T[],
): PagedList<T, A> {
  const [list, setList] = useState<Pages<T, A>>(FIRST);
  const request = useRef(0);
  const fetchPage = useCallback(
    (page: number) => {
      const ticket = ++request.current;
      fetch(page).then(
        (answer) => {
          if (ticket !== request.current) return;
          const items = itemsOf(answer);
          setList((l) => ({
            items: page === 1 ? items : [...l.items, ...items],
            total: answer.total,
            page,
            answer,
            loading: false,
            failed: false,
          }));
        },
        () => {
          if (ticket === request.current) setList((l) => ({ ...l, loading: false, failed: true }));
        },
      );
    },
    [fetch, itemsOf],
  );
  const load = useCallback(
    (page: number) => {
      setList((l) => ({ ...l, loading: true, failed: false }));
      fetchPage(page);
    },
    [fetchPage],
  );
  const forget = useCallback(() => {
    request.current += 1;
  }, []);
  return { list, setList, fetchPage, load, forget };
}

/**
 * A paged list's body: the rows with "load more" (and its error), or the first page's error,
 * loading or empty state. Test ids are `<testId>-list`, `-more`, `-more-error`, `-error`,
 * `-loading`, `-empty`.
 */
export function PagedListBody({
  list,
  load,
  testId,
  texts,
  listProps,
  children,
}: {
  list: Pick<Pages<unknown, unknown>, 'items' | 'total' | 'page' | 'loading' | 'failed'>;
  load: (page: number) => void;
  testId: string;
  texts: { more: string; loadFailed: string; empty: string };
  /** Extra attributes of the list (e.g. data-tab). */
  listProps?: Record<string, string>;
  /** The rows. */
  children: ReactNode;
}) {
  if (list.items.length > 0) {
    return (
      <Stack gap="3" data-testid={`${testId}-list`} {...listProps}>
        {children}
        {list.items.length < list.total ? (
          <Button
            variant="outline"
            loading={list.loading}
            onClick={() => load(list.page + 1)}
            data-testid={`${testId}-more`}
          >
            {texts.more}
          </Button>
        ) : null}
        {list.failed ? (
          <LoadError testId={`${testId}-more-error`} onRetry={() => load(list.page + 1)} />
        ) : null}
      </Stack>
    );
  }
  if (list.failed) {
    return (
      <LoadError card testId={`${testId}-error`} text={texts.loadFailed} onRetry={() => load(1)} />
    );
  }
  if (list.loading) return <ListLoading testId={`${testId}-loading`} />;
  return (
    <Box bg="bg" borderRadius="xl" data-testid={`${testId}-empty`}>
      <EmptyData text={texts.empty} />
    </Box>
  );
}
