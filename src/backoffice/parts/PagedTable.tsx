import { Table, Text } from '@chakra-ui/react';
import type { Key, ReactNode } from 'react';
import { EmptyRow, LoadFailed, Loading, Pager } from './common';
import { ScrollX } from './ScrollX';

export interface PageOf<Row> {
  items: readonly Row[];
  page: number;
  pageSize: number;
  total: number;
}

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The column's share in the fixed layout (e.g. '9rem', '15%'); the rest share what is left. */
  width?: string;
  align?: 'end';
  /** Never wraps (times, codes). */
  nowrap?: boolean;
  /**
   * Long text (a detail, an error): cut to one line with an ellipsis, the full text in the title
   * (hover) — so a row stays one line high and the table keeps its width.
   */
  full?: (row: Row) => string | null | undefined;
}

interface PagedTableProps<Row> {
  /** The table's test id; its states are `<testId>-loading`, `-error` and `-empty`. */
  testId: string;
  state: { loading: boolean; failed: boolean; data: PageOf<Row> | null; reload: () => void };
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  rowTestId?: (row: Row) => string;
  onPage: (page: number) => void;
  interactive?: boolean;
}

/** The least a column without a set width gets: a name or an account stays readable. */
const FLEXIBLE_MIN_REM = 8;

/**
 * The table's least width: the set widths plus FLEXIBLE_MIN_REM for each other column (at least
 * 42rem, Chakra's 2xl). A narrower panel scrolls the table sideways rather than squeezing those
 * columns to nothing.
 */
export function minWidth(columns: readonly { width?: string }[]): string {
  const fixed = columns.flatMap((c) => (c.width ? [c.width] : []));
  const flexible = columns.length - fixed.length;
  return `max(42rem, calc(${[...fixed, `${flexible * FLEXIBLE_MIN_REM}rem`].join(' + ')}))`;
}

/**
 * A back-office list: the table, a row saying it is empty, a spinner on the first load, a retry
 * after a failure, and the pager. The layout is fixed (the columns' widths, not their content,
 * size the table), so a long cell wraps, or is cut with its text in the title (`full`), rather
 * than pushing the table past the screen; below its least width (minWidth) the table scrolls
 * sideways inside its panel.
 */
export function PagedTable<Row>({
  testId,
  state,
  columns,
  rowKey,
  rowTestId,
  onPage,
  interactive = false,
}: PagedTableProps<Row>) {
  const { data } = state;
  if (state.loading && data === null) return <Loading testId={`${testId}-loading`} />;
  if (state.failed && data === null) {
    return <LoadFailed testId={`${testId}-error`} onRetry={state.reload} />;
  }
  if (data === null) return null;
  return (
    <>
      <ScrollX>
        <Table.Root
          size="sm"
          interactive={interactive}
          tableLayout="fixed"
          minW={minWidth(columns)}
          data-testid={testId}
        >
          <Table.ColumnGroup>
            {columns.map((c) => (
              <Table.Column key={c.key} width={c.width} />
            ))}
          </Table.ColumnGroup>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader
                  key={c.key}
                  textAlign={c.align}
                  // A header wraps (a long word breaks) rather than being cut off.
                  whiteSpace="normal"
                  overflowWrap="anywhere"
                >
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.items.length === 0 ? (
              <EmptyRow columns={columns.length} testId={`${testId}-empty`} />
            ) : null}
            {data.items.map((row) => (
              <Table.Row key={rowKey(row)} data-testid={rowTestId?.(row)}>
                {columns.map((c) => {
                  const full = c.full?.(row);
                  return (
                    <Table.Cell
                      key={c.key}
                      textAlign={c.align}
                      // A long time or code wraps inside its column rather than running into the next.
                      whiteSpace={c.nowrap ? 'nowrap' : undefined}
                      overflow="hidden"
                      overflowWrap="anywhere"
                    >
                      {c.full ? (
                        <Text truncate title={full ?? undefined}>
                          {c.cell(row)}
                        </Text>
                      ) : (
                        c.cell(row)
                      )}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollX>
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
    </>
  );
}
