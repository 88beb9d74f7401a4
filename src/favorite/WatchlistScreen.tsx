import { Box, Button, Dialog, Flex, Portal, Text, chakra } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStockName } from '../market/names';
import { useNavigate } from 'react-router-dom';
import { CheckIcon } from '../components/icons';
import { PullToRefresh } from '../components/PullToRefresh';
import { useQuotes } from '../market/live';
import { Card } from '../market/parts/Card';
import { ListState } from '../market/parts/ListState';
import { MarketHeader } from '../market/parts/MarketHeader';
import { StockRow } from '../market/parts/StockRow';
import { loadWatchlist, removeFromWatchlist, useWatchlist } from './watchlistStore';

function Check({ checked }: { checked: boolean }) {
  return (
    <Flex
      w="5"
      h="5"
      borderRadius="full"
      borderWidth="1.5px"
      borderColor={checked ? 'brand.solid' : 'gray.300'}
      bg={checked ? 'brand.solid' : 'transparent'}
      color="white"
      align="center"
      justify="center"
      flexShrink={0}
    >
      {checked ? <CheckIcon width="3.5" height="3.5" strokeWidth="3" /> : null}
    </Flex>
  );
}

/**
 * /favorite/index — self-selected stocks with live prices. "Edit" turns the rows into a
 * selection: select all, delete the selected ones at once.
 */
export default function WatchlistScreen() {
  const { t } = useTranslation();
  const nameOf = useStockName();
  const navigate = useNavigate();
  const { items, loading, failed, reload } = useWatchlist();
  const symbols = useMemo(() => (items ?? []).map((i) => i.symbol), [items]);
  const quotes = useQuotes(symbols).data ?? {};
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const list = items ?? [];
  const allSelected = list.length > 0 && list.every((i) => selected.has(i.symbol));

  const toggle = (symbol: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(symbol)) next.delete(symbol);
      else next.add(symbol);
      return next;
    });
  const remove = async () => {
    setConfirming(false);
    if (await removeFromWatchlist([...selected])) {
      setSelected(new Set());
      setEditing(false);
    }
  };
  // One stock goes at once; several at a time (select all is one tap away) are confirmed first.
  const askRemove = () => {
    if (selected.size > 1) setConfirming(true);
    else void remove();
  };

  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="watchlist-screen">
      <MarketHeader title={t('favorite.title')} />
      <PullToRefresh onRefresh={loadWatchlist}>
        <Box p="3">
          <Card
            title={t('favorite.count', { n: list.length })}
            right={
              list.length > 0 ? (
                <chakra.button
                  type="button"
                  fontSize="sm"
                  color="brand.fg"
                  fontWeight="semibold"
                  onClick={() => {
                    setEditing(!editing);
                    setSelected(new Set());
                  }}
                  data-testid="watch-edit"
                >
                  {editing ? t('favorite.done') : t('favorite.edit')}
                </chakra.button>
              ) : undefined
            }
          >
            <ListState
              testId="watchlist"
              loading={loading || items === null}
              failed={failed}
              empty={list.length === 0}
              emptyText={t('favorite.empty')}
              onRetry={reload}
            >
              <Box data-testid="watchlist">
                {list.map((item) => {
                  const quote = quotes[item.symbol];
                  return (
                    <StockRow
                      key={item.symbol}
                      code={item.symbol}
                      name={nameOf(item)}
                      price={quote?.price ?? item.price}
                      changeRate={quote?.changeRate ?? item.changeRate}
                      detail={item.market}
                      testId={`watch-item-${item.symbol}`}
                      leading={editing ? <Check checked={selected.has(item.symbol)} /> : undefined}
                      onClick={editing ? () => toggle(item.symbol) : undefined}
                    />
                  );
                })}
              </Box>
            </ListState>
            {list.length === 0 && !loading && !failed ? (
              <Flex justify="center" pb="2">
                <Button
                  size="sm"
                  borderRadius="full"
                  onClick={() => void navigate('/favorite/search')}
                  data-testid="watch-add"
                >
                  {t('favorite.addStocks')}
                </Button>
              </Flex>
            ) : null}
          </Card>
        </Box>
      </PullToRefresh>
      {editing ? (
        <Flex
          position="fixed"
          bottom="calc(56px + env(safe-area-inset-bottom))"
          left="50%"
          transform="translateX(-50%)"
          w="full"
          maxW="layout"
          bg="bg"
          borderTopWidth="1px"
          borderColor="border.muted"
          px="4"
          py="2.5"
          gap="3"
          align="center"
          zIndex="sticky"
        >
          <chakra.button
            type="button"
            display="flex"
            alignItems="center"
            gap="2"
            onClick={() =>
              setSelected(allSelected ? new Set() : new Set(list.map((i) => i.symbol)))
            }
            data-testid="watch-select-all"
          >
            <Check checked={allSelected} />
            <Text fontSize="sm">{t('favorite.selectAll')}</Text>
          </chakra.button>
          <Button
            ms="auto"
            size="sm"
            colorPalette="red"
            disabled={selected.size === 0}
            onClick={askRemove}
            data-testid="watch-delete"
          >
            {t('favorite.delete', { n: selected.size })}
          </Button>
        </Flex>
      ) : null}
      <Dialog.Root
        open={confirming}
        onOpenChange={(details) => setConfirming(details.open)}
        placement="center"
        size="xs"
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="6">
            <Dialog.Content borderRadius="2xl" data-testid="watch-confirm">
              <Dialog.Header>
                <Dialog.Title>{t('favorite.confirmTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted">
                  {t('favorite.confirmBody', { n: selected.size })}
                </Text>
              </Dialog.Body>
              <Dialog.Footer gap="2">
                <Button
                  flex="1"
                  variant="outline"
                  onClick={() => setConfirming(false)}
                  data-testid="watch-confirm-cancel"
                >
                  {t('favorite.cancel')}
                </Button>
                <Button
                  flex="1"
                  colorPalette="red"
                  onClick={() => void remove()}
                  data-testid="watch-confirm-delete"
                >
                  {t('favorite.confirmYes')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
