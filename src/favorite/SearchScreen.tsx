import { Box, Flex, IconButton, Input, Text, chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BackHeader } from '../components/BackHeader';
import { formatPrice } from '../market/format';
import { useStockName } from '../market/names';
import { RateChip } from '../market/parts/ChangeText';
import { ListState } from '../market/parts/ListState';
import { CloseIcon, SearchIcon, StarFilledIcon, StarIcon } from '../market/parts/marketIcons';
import { SimulatedBadge } from '../market/parts/SimulatedBadge';
import { useMarketCall } from '../market/useMarketCall';
import {
  clearSearchHistory,
  forgetSearch,
  readSearchHistory,
  rememberSearch,
} from './searchHistory';
import { addToWatchlist, removeFromWatchlist, useWatchlist } from './watchlistStore';

/** Waits for the typing to pause before asking the server. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /favorite/search — stocks by code or name, Korean or English. Opening a result or adding it
 * to the watchlist remembers the keyword in this device's history.
 */
export default function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 250);
  const [history, setHistory] = useState<string[]>(() => readSearchHistory());
  const search = useMarketCall('search', keyword ? { keyword, limit: 30 } : null);
  const { has } = useWatchlist();
  const results = keyword ? (search.data?.results ?? []) : [];
  const nameOf = useStockName();

  const remember = () => setHistory(rememberSearch(keyword || text));
  const open = (code: string) => {
    remember();
    void navigate(`/market/stockDetail?code=${code}`);
  };
  const toggleWatch = async (code: string) => {
    remember();
    if (has(code)) await removeFromWatchlist([code]);
    else await addToWatchlist(code);
  };

  return (
    <Box minH="100dvh" bg="bg">
      <BackHeader
        title={t('favorite.searchTitle')}
        fallback="/favorite/index"
        right={<SimulatedBadge compact />}
      />
      <Box px="4" py="3" position="sticky" top="12" bg="bg" zIndex="1">
        <Flex align="center" bg="bg.muted" borderRadius="xl" px="3" gap="2">
          <Box color="fg.subtle">
            <SearchIcon width="5" height="5" />
          </Box>
          <Input
            flex="1"
            variant="flushed"
            borderBottomWidth="0"
            css={{ '--focus-color': 'transparent', boxShadow: 'none' }}
            size="lg"
            fontSize="md"
            placeholder={t('favorite.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') remember();
            }}
            autoFocus
            enterKeyHint="search"
            data-testid="search-input"
            aria-label={t('favorite.searchPlaceholder')}
          />
          {text ? (
            <IconButton
              aria-label={t('favorite.clearInput')}
              variant="ghost"
              size="xs"
              onClick={() => setText('')}
            >
              <CloseIcon width="4" height="4" />
            </IconButton>
          ) : null}
        </Flex>
      </Box>

      {keyword ? (
        <ListState
          testId="search"
          loading={search.loading}
          failed={search.failed}
          empty={results.length === 0}
          emptyText={t('favorite.noResults')}
          onRetry={search.reload}
        >
          <Box data-testid="search-results">
            {results.map((r) => {
              const watched = has(r.code);
              const name = nameOf(r);
              // The other name under it, so a search by either shows why the stock matched.
              const other = name === r.nameKo ? r.nameEn : r.nameKo;
              return (
                <Flex key={r.code} align="center" pe="2" data-testid={`search-result-${r.code}`}>
                  <chakra.button
                    type="button"
                    flex="1"
                    display="flex"
                    alignItems="center"
                    gap="3"
                    px="4"
                    py="3"
                    textAlign="start"
                    minW="0"
                    onClick={() => open(r.code)}
                    data-testid={`search-open-${r.code}`}
                  >
                    <Box flex="1" minW="0">
                      <Text fontWeight="semibold" overflowWrap="anywhere">
                        {name}
                      </Text>
                      <Text fontSize="xs" color="fg.subtle" overflowWrap="anywhere">
                        {r.code} · {r.market}
                        {other && other !== name ? ` · ${other}` : ''}
                      </Text>
                    </Box>
                    <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                      {formatPrice(r.price)}
                    </Text>
                    <RateChip rate={r.changeRate} />
                  </chakra.button>
                  <IconButton
                    aria-label={t(watched ? 'favorite.remove' : 'favorite.add')}
                    aria-pressed={watched}
                    variant="ghost"
                    size="sm"
                    color={watched ? '#f5b400' : 'fg.subtle'}
                    onClick={() => void toggleWatch(r.code)}
                    data-testid={`search-watch-${r.code}`}
                    data-watched={watched ? 'true' : 'false'}
                  >
                    {watched ? (
                      <StarFilledIcon width="5" height="5" />
                    ) : (
                      <StarIcon width="5" height="5" />
                    )}
                  </IconButton>
                </Flex>
              );
            })}
          </Box>
        </ListState>
      ) : (
        <Box px="4" py="2" data-testid="search-history">
          <Flex align="center" justify="space-between" mb="3">
            <Text fontWeight="bold">{t('favorite.history')}</Text>
            {history.length > 0 ? (
              <chakra.button
                type="button"
                fontSize="sm"
                color="fg.subtle"
                onClick={() => {
                  clearSearchHistory();
                  setHistory([]);
                }}
                data-testid="search-history-clear"
              >
                {t('favorite.clearHistory')}
              </chakra.button>
            ) : null}
          </Flex>
          {history.length === 0 ? (
            <Text
              fontSize="sm"
              color="fg.subtle"
              py="6"
              textAlign="center"
              data-testid="search-history-empty"
            >
              {t('favorite.noHistory')}
            </Text>
          ) : (
            <Flex wrap="wrap" gap="2">
              {history.map((word) => (
                <Flex
                  key={word}
                  align="center"
                  bg="bg.muted"
                  borderRadius="full"
                  ps="3"
                  pe="1"
                  h="8"
                  gap="1"
                >
                  <chakra.button
                    type="button"
                    fontSize="sm"
                    onClick={() => setText(word)}
                    data-testid="search-history-item"
                  >
                    {word}
                  </chakra.button>
                  <chakra.button
                    type="button"
                    color="fg.subtle"
                    p="1"
                    aria-label={t('favorite.forget', { word })}
                    onClick={() => setHistory(forgetSearch(word))}
                  >
                    <CloseIcon width="3" height="3" />
                  </chakra.button>
                </Flex>
              ))}
            </Flex>
          )}
        </Box>
      )}
    </Box>
  );
}
