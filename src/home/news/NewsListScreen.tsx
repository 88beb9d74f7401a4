import { Box, Stack, Tabs } from '@chakra-ui/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NEWS_PAGE_SIZE, NEWS_TAGS } from '../../../contract/news';
import type { NewsItemDto, NewsListDto } from '../../../contract/schemas/news';
import { call } from '../../api';
import { BackHeader } from '../../components/BackHeader';
import { PagedListBody, usePagedList } from '../../components/PagedList';
import { NewsRow } from './NewsRow';
import { useInfiniteScroll } from './useInfiniteScroll';

const TABS = ['all', ...NEWS_TAGS] as const;
type NewsTab = (typeof TABS)[number];
const isTab = (value: string | null): value is NewsTab =>
  (TABS as readonly (string | null)[]).includes(value);

const itemsOf = (answer: NewsListDto): NewsItemDto[] => answer.items;

/**
 * /home/newsList — the news tab: tabs by tag, hot news first then newest, ten at a time; the next
 * page loads as the reader nears the end (the spec's 300 px offset), with a "more" button too.
 */
export default function NewsListScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tag');
  const tab: NewsTab = isTab(tabParam) ? tabParam : 'all';

  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="news-screen">
      <BackHeader title={t('news.title')} fallback="/home/index" />
      <Tabs.Root
        value={tab}
        onValueChange={(e) =>
          setParams(e.value === 'all' ? {} : { tag: e.value }, { replace: true })
        }
        variant="line"
        size="sm"
      >
        <Tabs.List overflowX="auto" px="2" bg="bg">
          {TABS.map((key) => (
            <Tabs.Trigger key={key} value={key} data-testid={`news-tab-${key}`}>
              {t(`news.tags.${key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* One panel per tab (the triggers' aria-controls name them); the list is in the open one,
            keyed by the tab: another tab starts from its loading state, never the last tab's rows. */}
        {TABS.map((key) => (
          <Tabs.Content key={key} value={key} p="0">
            {key === tab ? <NewsTabList key={tab} tab={tab} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}

/** One tab's articles, ten at a time, the next page asked for as the reader nears the end. */
function NewsTabList({ tab }: { tab: NewsTab }) {
  const { t } = useTranslation();
  const fetch = useCallback(
    (page: number) =>
      call('newsList', { tag: tab, page, pageSize: NEWS_PAGE_SIZE }, { silent: true }),
    [tab],
  );
  const { list, load, forget } = usePagedList<NewsItemDto, NewsListDto>(fetch, itemsOf);
  useEffect(() => {
    load(1);
    return forget;
  }, [load, forget]);
  const more = list.items.length < list.total && !list.loading && !list.failed;
  const sentinel = useInfiniteScroll(() => load(list.page + 1), more);

  return (
    <Stack gap="3" p="3">
      <Box bg="bg" borderRadius="2xl" overflow="hidden">
        <PagedListBody
          list={list}
          load={load}
          testId="news"
          texts={{
            more: t('news.more'),
            loadFailed: t('news.loadFailed'),
            empty: t('news.empty'),
          }}
          listProps={{ 'data-tab': tab }}
        >
          {list.items.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
        </PagedListBody>
      </Box>
      <div ref={sentinel} aria-hidden="true" />
    </Stack>
  );
}
