import { isInState } from '../../machines/state-value';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderDetailDto, TradeOrderDto } from '../../contract/schemas/trade';
import { initialPersisted } from '../../machines/lifecycle';
import { orderMachine } from '../../machines/order';
import { call, isApiError } from '../api';
import { BackHeader } from '../components/BackHeader';
import { LoadError } from '../components/LoadError';
import { formatRecordTime } from '../information/recordTime';
import { ListLoading } from '../information/LoadState';
import { useLoaded } from '../information/useLoaded';
import { StateChart } from '../lifecycle/StateChart';
import { useLifecycleWords } from '../lifecycle/words';
import { useQuote } from '../market/live';
import { onLiveOrder } from '../market/live/account-live';
import { SimulatedBadge } from '../market/parts/SimulatedBadge';
import { LockLeft } from './LockLeft';
import { useNow } from './lockClock';
import { FieldGrid, OrderHeading } from './OrderCard';
import { OrderActions } from './OrderActions';
import { ORDER_ENTITY, orderFields } from './orderLook';
import { isHolding, newestOf, valuationOf } from './valuation';

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * /trade/positionDetail?id=… — one order or position: every field (valued at the live quote while
 * held), the order machine's chart with its current state and the path it took, its history, and
 * Close or Cancel as the list offers them. A push of this order reloads it (for the history); its
 * newest version is shown meanwhile.
 */
export default function PositionDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('positions.detail.title')} fallback="/trade/index" />
      <Stack gap="4" px="4" pt="4">
        <SimulatedBadge />
        {id === null ? <NotFound /> : <Detail key={id} id={id} />}
      </Stack>
    </Box>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  // A refusal (no such order of this customer) is final: no retry, a way back instead.
  const [missing, setMissing] = useState(false);
  const detail = useLoaded(() =>
    call('tradeOrder', { id }, { silent: true }).catch((error: unknown) => {
      if (isApiError(error) && error.code === 'trade.not_found') setMissing(true);
      throw error;
    }),
  );
  const { reload } = detail;
  // A newer version than the last answer (pushed, or a close or cancel just answered).
  const [newer, setNewer] = useState<TradeOrderDto | null>(null);
  useEffect(
    () =>
      onLiveOrder((order) => {
        if (order.id !== id) return;
        setNewer((shown) => (shown ? newestOf(shown, order) : order));
        reload();
      }),
    [id, reload],
  );

  if (detail.data) {
    const order = newer ? newestOf(detail.data.order, newer) : detail.data.order;
    return (
      <DetailBody
        detail={{ ...detail.data, order }}
        onChanged={(next) => {
          setNewer(next);
          reload();
        }}
      />
    );
  }
  if (detail.failed && missing) return <NotFound />;
  if (detail.failed) {
    return (
      <LoadError
        card
        testId="position-error"
        text={t('positions.detail.loadFailed')}
        onRetry={reload}
      />
    );
  }
  return <ListLoading testId="position-loading" />;
}

/** No order with this id for this customer (or no id at all): says so, with the way to the list. */
function NotFound() {
  const { t } = useTranslation();
  return (
    <Flex
      direction="column"
      align="center"
      gap="3"
      py="6"
      bg="bg"
      borderRadius="xl"
      role="alert"
      data-testid="position-not-found"
    >
      <Text color="fg.muted" fontSize="sm">
        {t('positions.detail.notFound')}
      </Text>
      <Button asChild size="sm" variant="outline">
        <Link to="/trade/index" data-testid="position-not-found-back">
          {t('positions.detail.backToList')}
        </Link>
      </Button>
    </Flex>
  );
}

function DetailBody({
  detail,
  onChanged,
}: {
  detail: OrderDetailDto;
  onChanged: (order: TradeOrderDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const { order, history } = detail;
  const quote = useQuote(isHolding(order) ? order.symbol : null);
  const valuation = valuationOf(order, quote.data?.price);
  const now = useNow(isInState(order.state, 'holding.locked'));
  const taken = useMemo(
    () => history.map((step) => ({ from: step.from, to: step.to, event: step.event })),
    [history],
  );
  return (
    <>
      <Box bg="bg" borderRadius="xl" p="4" data-testid="position-detail">
        <OrderHeading order={order} />
        <Box mt="3">
          <FieldGrid
            fields={orderFields(t, i18n.language, order, valuation, { full: true })}
            testIdPrefix="position"
          />
        </Box>
        <Box mt="3">
          <LockLeft order={order} now={now} testId="position-lock" />
        </Box>
        <Box mt="3">
          <OrderActions order={order} onDone={onChanged} testIdPrefix="position" />
        </Box>
      </Box>

      <Box bg="bg" borderRadius="xl" p="4">
        <Text fontWeight="semibold" mb="2">
          {t('positions.detail.chart')}
        </Text>
        <StateChart
          machine={orderMachine}
          entityType={ORDER_ENTITY}
          current={order.state}
          taken={taken}
          title={t('positions.detail.chartTitle', { orderNo: order.orderNo })}
          labels={{
            current: t('positions.detail.chartNow'),
            initial: t('positions.detail.chartStart'),
            taken: t('positions.detail.chartTaken'),
          }}
          testId="position-chart"
        />
      </Box>

      <History order={order} history={history} />
    </>
  );
}

function History({ order, history }: Pick<OrderDetailDto, 'order' | 'history'>) {
  const { t, i18n } = useTranslation();
  const words = useLifecycleWords();
  const language = i18n.language;
  const placedIn = initialPersisted(orderMachine).state;
  const step = (key: string, title: string, at: string, detail: string, testId: string) => (
    <Box as="li" key={key} listStyleType="none" data-testid={testId}>
      <Flex justify="space-between" gap="3">
        <Text fontSize="sm" fontWeight="medium">
          {title}
        </Text>
        <Text fontSize="xs" color="fg.muted" flexShrink={0}>
          {formatRecordTime(at, language)}
        </Text>
      </Flex>
      <Text fontSize="xs" color="fg.muted">
        {detail}
      </Text>
    </Box>
  );
  return (
    <Box bg="bg" borderRadius="xl" p="4">
      <Text fontWeight="semibold" mb="2">
        {t('positions.detail.history')}
      </Text>
      <Stack as="ol" gap="3" data-testid="position-history">
        {/* The order itself: it is created in its first state, not by a transition. */}
        {step(
          'placed',
          t('positions.detail.placed'),
          order.createdAt,
          words.state(ORDER_ENTITY, placedIn),
          'position-step-placed',
        )}
        {history.map((s, i) =>
          step(
            String(i),
            words.event(s.event),
            s.at,
            [
              `${words.state(ORDER_ENTITY, s.from)} → ${words.state(ORDER_ENTITY, s.to)}`,
              t(`positions.detail.actor.${s.actor}`),
              s.reason,
            ]
              .filter(Boolean)
              .join(' · '),
            `position-step-${i}`,
          ),
        )}
      </Stack>
    </Box>
  );
}
