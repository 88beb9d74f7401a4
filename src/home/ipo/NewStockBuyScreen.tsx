import { Badge, Box, Button, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { IpoDetailDto, IpoOfferingDto } from '../../../contract/schemas/ipo';
import { BackHeader } from '../../components/BackHeader';
import { EmptyData } from '../../components/EmptyData';
import { useLifecycleWords } from '../../lifecycle/words';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { useStockName } from '../../market/names';
import { useMarketCall } from '../../market/useMarketCall';
import { Fact, NameLine } from '../block/OfferingFacts';
import { IpoBadges, IpoFacts } from './IpoFacts';
import { idOf, seoulMinute, subscriptionLook } from './ipoLook';
import { SubscribeFlow } from './SubscribeFlow';
import { SubscriptionActions } from './SubscriptionActions';
import { SubscriptionFigures } from './SubscriptionFigures';

/**
 * /home/newStockBuy?id=… — one offering: every figure, its schedule, the draw's seed hash
 * (published when the window opened; after the draw the seed and a link to the draw page), the
 * subscribe flow while it takes subscriptions, and the customer's subscriptions with pay and waive
 * while they accept them.
 */
export default function NewStockBuyScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8" data-testid="ipo-buy-screen">
      <BackHeader title={t('ipo.detail.title')} fallback="/home/newStock" />
      <Stack gap="3" p="3">
        {id === null ? (
          <Box bg="bg" borderRadius="2xl" data-testid="ipo-detail-none">
            <EmptyData text={t('ipo.detail.notFound')} />
          </Box>
        ) : (
          <Detail key={id} id={id} />
        )}
      </Stack>
    </Box>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useMarketCall('ipoDetail', { id });
  const data = detail.data;
  return (
    <ListState
      testId="ipo-detail"
      loading={detail.loading}
      failed={detail.failed}
      empty={data === null}
      emptyText={t('ipo.detail.notFound')}
      onRetry={detail.reload}
      rows={4}
    >
      {data ? <DetailBody detail={data} reload={detail.reload} /> : null}
    </ListState>
  );
}

function DetailBody({ detail, reload }: { detail: IpoDetailDto; reload: () => void }) {
  const { t } = useTranslation();
  const nameOf = useStockName();
  const { offering } = detail;
  return (
    <>
      <Card px="4" data-testid="ipo-detail">
        <NameLine name={nameOf(offering)} symbol={offering.symbol} nameTestId="ipo-detail-name">
          <IpoBadges offering={offering} />
        </NameLine>
        <IpoFacts offering={offering} full />
      </Card>
      <Card px="4" title={t('ipo.schedule.title')}>
        <Schedule offering={offering} />
      </Card>
      <Card px="4" title={t('ipo.subscribe.title')}>
        {offering.phase === 'subscribing' ? (
          <SubscribeFlow detail={detail} onSubscribed={reload} />
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="ipo-subscribe-closed">
            {t(`ipo.subscribe.phaseNote.${offering.phase}`)}
          </Text>
        )}
      </Card>
      <Card px="4" title={t('ipo.fairness.title')}>
        <Fairness detail={detail} />
      </Card>
      <Card title={t('ipo.mine.title')}>
        <MySubscriptions detail={detail} reload={reload} />
      </Card>
    </>
  );
}

/** The five dates, the current step marked. */
function Schedule({ offering }: { offering: IpoOfferingDto }) {
  const { t } = useTranslation();
  const steps = [
    ['opensAt', offering.opensAt],
    ['closesAt', offering.closesAt],
    ['drawAt', offering.drawAt],
    ['paymentDeadline', offering.paymentDeadline],
    ['listingAt', offering.listingAt],
  ] as const;
  return (
    <Stack as="ol" gap="1" data-testid="ipo-schedule">
      {steps.map(([key, at]) => (
        <Box as="li" listStyleType="none" key={key}>
          <Fact label={t(`ipo.schedule.${key}`)} testId={`ipo-schedule-${key}`}>
            {seoulMinute(at)}
          </Fact>
        </Box>
      ))}
    </Stack>
  );
}

/** The draw's commitment: the seed's hash from the opening, the seed after the draw. */
function Fairness({ detail }: { detail: IpoDetailDto }) {
  const { t } = useTranslation();
  const { offering, seed } = detail;
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t('ipo.fairness.intro')}
      </Text>
      <Box>
        <Text fontSize="xs" color="fg.muted">
          {t('ipo.fairness.seedHash')}
        </Text>
        <Code fontSize="xs" wordBreak="break-all" data-testid="ipo-seed-hash">
          {offering.seedHash}
        </Code>
      </Box>
      {seed === null ? (
        <Text fontSize="xs" color="fg.muted" data-testid="ipo-seed-later">
          {t('ipo.fairness.seedLater')}
        </Text>
      ) : (
        <>
          <Box>
            <Text fontSize="xs" color="fg.muted">
              {t('ipo.fairness.seed')}
            </Text>
            <Code fontSize="xs" wordBreak="break-all" data-testid="ipo-seed">
              {seed}
            </Code>
          </Box>
          <Button size="sm" variant="outline" alignSelf="flex-start" asChild>
            <RouterLink to={`/home/newStockDraw?id=${offering.id}`} data-testid="ipo-draw-link">
              {t('ipo.fairness.check')}
            </RouterLink>
          </Button>
        </>
      )}
    </Stack>
  );
}

function MySubscriptions({ detail, reload }: { detail: IpoDetailDto; reload: () => void }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  if (detail.subscriptions.length === 0) {
    return (
      <div data-testid="ipo-mine-empty">
        <EmptyData text={t('ipo.mine.empty')} />
      </div>
    );
  }
  return (
    <Stack gap="0" data-testid="ipo-mine">
      {detail.subscriptions.map((s) => {
        const look = subscriptionLook(words, s.state);
        return (
          <Stack
            key={s.id}
            gap="2"
            px="4"
            py="3"
            borderTopWidth="1px"
            borderColor="border.muted"
            _first={{ borderTopWidth: 0 }}
            data-testid={`ipo-sub-${s.id}`}
          >
            <Flex align="center" justify="space-between" gap="2">
              <Text fontSize="sm" fontWeight="semibold">
                {s.subscriptionNo}
              </Text>
              <Badge
                colorPalette={look.palette}
                data-testid={`ipo-sub-state-${s.id}`}
                data-state={s.state}
              >
                {look.label}
              </Badge>
            </Flex>
            <Box>
              <SubscriptionFigures subscription={s} />
            </Box>
            <SubscriptionActions subscription={s} onDone={reload} testIdPrefix="ipo-sub" />
            <Button size="xs" variant="ghost" alignSelf="flex-start" asChild>
              <RouterLink
                to={`/home/newStockRecord?id=${s.id}`}
                data-testid={`ipo-sub-open-${s.id}`}
              >
                {t('ipo.mine.open')}
              </RouterLink>
            </Button>
          </Stack>
        );
      })}
    </Stack>
  );
}
