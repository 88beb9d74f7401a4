import { Box, Button, Center, Flex, HStack, Heading, Spinner, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Loads with `load` whenever `key` changes; `reload` runs it again (keeping what is shown
 * meanwhile). Refusals were toasted already; `failed` says the last try did not answer.
 */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  const [tick, setTick] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    request: string;
    data: T | null;
    failed: boolean;
  } | null>(null);
  const request = `${key}#${tick}`;
  useEffect(() => {
    let live = true;
    latest.current().then(
      (data) => {
        if (live) setResult({ key, request, data, failed: false });
      },
      () => {
        if (live)
          setResult((prev) => ({
            key,
            request,
            data: prev?.key === key ? prev.data : null,
            failed: true,
          }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, request]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const current = result?.key === key ? result : null;
  return {
    data: current?.data ?? null,
    failed: current?.failed ?? false,
    loading: result?.request !== request,
    reload,
  };
}

/**
 * What a list shows for a useLoad result: a spinner on the first load, a retry after a failure,
 * else the content, which stays on screen while a reload runs.
 */
export function Loaded<T>({
  state,
  children,
}: {
  state: { loading: boolean; failed: boolean; data: T | null; reload: () => void };
  children: (data: T) => ReactNode;
}) {
  if (state.loading && state.data === null) return <Loading />;
  if (state.failed && state.data === null) return <LoadFailed onRetry={state.reload} />;
  return state.data === null ? null : <>{children(state.data)}</>;
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" mb="5" gap="4">
      <Heading size="lg">{children}</Heading>
      {actions ? <HStack gap="2">{actions}</HStack> : null}
    </Flex>
  );
}

/** The page title's reload action: reads the screen's data again. */
export function ReloadButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant="outline" onClick={onClick}>
      {t('common.reload')}
    </Button>
  );
}

export function Panel({ children, title }: { children: ReactNode; title?: ReactNode }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p="5">
      {title ? (
        <Heading size="sm" mb="4">
          {title}
        </Heading>
      ) : null}
      {children}
    </Box>
  );
}

/** Test ids end in `-loading`, `-error`, `-empty`: screenStates.test.tsx finds the states by them. */
export function Loading({ testId = 'view-loading' }: { testId?: string }) {
  return (
    <Center py="10" aria-busy="true" data-testid={testId}>
      <Spinner />
    </Center>
  );
}

export function LoadFailed({
  onRetry,
  testId = 'view-error',
}: {
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Center py="10" flexDirection="column" gap="3" role="alert" data-testid={testId}>
      <Text color="fg.muted">{t('common.loadFailed')}</Text>
      <Button size="sm" onClick={onRetry}>
        {t('common.reload')}
      </Button>
    </Center>
  );
}

export function EmptyRow({ columns, testId = 'view-empty' }: { columns: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Table.Row data-testid={testId}>
      <Table.Cell colSpan={columns} textAlign="center" color="fg.muted" py="8">
        {t('common.empty')}
      </Table.Cell>
    </Table.Row>
  );
}

/** Previous / next with "page n of m". */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <HStack justify="flex-end" gap="3" mt="4" data-testid="pager">
      <Text fontSize="sm" color="fg.muted">
        {t('common.pageOf', { page, pages, total })}
      </Text>
      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </HStack>
  );
}

/** An SVG document shown through an <img> data URL: scripts in it can never run. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function formatTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { hour12: false });
}
