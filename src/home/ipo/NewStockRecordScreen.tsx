import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { IpoSubscriptionDetailDto } from '../../../contract/schemas/ipo';
import { BackHeader } from '../../components/BackHeader';
import { EmptyData } from '../../components/EmptyData';
import { LifecycleHistory } from '../../lifecycle/LifecycleHistory';
import { useLifecycleWords } from '../../lifecycle/words';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { useStockName } from '../../market/names';
import { useMarketCall } from '../../market/useMarketCall';
import { NameLine } from '../block/OfferingFacts';
import { SUBSCRIPTION_ENTITY, idOf, subscriptionLook } from './ipoLook';
import { SubscriptionActions } from './SubscriptionActions';
import { SubscriptionFigures } from './SubscriptionFigures';

/** A subscription is made in the machine's first state (machines/subscription.ts). */
const REQUESTED_STATE = 'subscribing';

/**
 * /home/newStockRecord?id=… — one subscription: the deposit held, the draw's result, what is due
 * and paid and refunded, pay or waive while it accepts them, and its history.
 */
export default function NewStockRecordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8" data-testid="ipo-record-screen">
      <BackHeader title={t('ipo.record.title')} fallback="/home/newStockRecords" />
      <Stack gap="3" p="3">
        {id === null ? (
          <Box bg="bg" borderRadius="2xl" data-testid="ipo-record-none">
            <EmptyData text={t('ipo.record.notFound')} />
          </Box>
        ) : (
          <Record key={id} id={id} />
        )}
      </Stack>
    </Box>
  );
}

function Record({ id }: { id: number }) {
  const { t } = useTranslation();
  const record = useMarketCall('ipoSubscription', { id });
  return (
    <ListState
      testId="ipo-record"
      loading={record.loading}
      failed={record.failed}
      empty={record.data === null}
      emptyText={t('ipo.record.notFound')}
      onRetry={record.reload}
      rows={4}
    >
      {record.data ? <RecordBody detail={record.data} reload={record.reload} /> : null}
    </ListState>
  );
}

function RecordBody({ detail, reload }: { detail: IpoSubscriptionDetailDto; reload: () => void }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const nameOf = useStockName();
  const s = detail.subscription;
  const look = subscriptionLook(words, s.state);
  return (
    <>
      <Card px="4" data-testid="ipo-record">
        <Flex align="center" justify="space-between" gap="2" mb="1">
          <Text fontWeight="bold" data-testid="ipo-record-no">
            {s.subscriptionNo}
          </Text>
          <Badge colorPalette={look.palette} data-testid="ipo-record-state" data-state={s.state}>
            {look.label}
          </Badge>
        </Flex>
        <NameLine name={nameOf(s)} symbol={s.symbol}>
          {null}
        </NameLine>
        <SubscriptionFigures subscription={s} full />
        <Stack gap="2" mt="3">
          <SubscriptionActions subscription={s} onDone={reload} testIdPrefix="ipo-record" />
          <Flex gap="2" wrap="wrap">
            <Button size="xs" variant="outline" asChild>
              <RouterLink
                to={`/home/newStockBuy?id=${s.offeringId}`}
                data-testid="ipo-record-offering"
              >
                {t('ipo.record.offering')}
              </RouterLink>
            </Button>
            {s.allotted !== null ? (
              <Button size="xs" variant="outline" asChild>
                <RouterLink
                  to={`/home/newStockDraw?id=${s.offeringId}`}
                  data-testid="ipo-record-draw"
                >
                  {t('ipo.record.draw')}
                </RouterLink>
              </Button>
            ) : null}
            {s.orderId !== null ? (
              <Button size="xs" variant="outline" asChild>
                <RouterLink
                  to={`/trade/positionDetail?id=${s.orderId}`}
                  data-testid="ipo-record-position"
                >
                  {t('ipo.record.position')}
                </RouterLink>
              </Button>
            ) : null}
          </Flex>
        </Stack>
      </Card>
      <Card px="4" title={t('ipo.record.history')}>
        <LifecycleHistory
          entityType={SUBSCRIPTION_ENTITY}
          history={detail.history}
          requested={{ label: t('ipo.record.requested'), at: s.createdAt, state: REQUESTED_STATE }}
          testIdPrefix="ipo-record"
          stateLabel={(state) => subscriptionLook(words, state).label}
        />
      </Card>
    </>
  );
}
