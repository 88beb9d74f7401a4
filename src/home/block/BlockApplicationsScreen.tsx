import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BlockApplicationDto } from '../../../contract/schemas/trade';
import { blockApplicationMachine } from '../../../machines/block-application';
import { BackHeader } from '../../components/BackHeader';
import { formatRecordTime } from '../../information/fundRecordLook';
import { paletteOf, topStateOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { formatPrice } from '../../market/format';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';
import { useMarketCall } from '../../market/useMarketCall';
import { Fact } from './OfferingFacts';

/**
 * /home/blockTrade2 — the customer's block-trade applications, newest first: the state the
 * desk's decision left each in, the reason of a rejection, and the position an approval became.
 */
export default function BlockApplicationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMarketCall('blockList', {});
  const applications = list.data?.applications ?? [];

  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="block-applications-screen">
      <BackHeader
        title={t('blockTrade.applications.title')}
        fallback="/home/blockTrade"
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        <Card
          right={
            <Button
              size="xs"
              variant="outline"
              onClick={() => void navigate('/home/blockTrade')}
              data-testid="block-offerings-link"
            >
              {t('blockTrade.offerings')}
            </Button>
          }
          title={t('blockTrade.myApplications')}
        >
          <ListState
            testId="block-applications"
            loading={list.loading}
            failed={list.failed}
            empty={applications.length === 0}
            emptyText={t('blockTrade.applications.empty')}
            onRetry={list.reload}
            rows={3}
          >
            <Stack gap="0" data-testid="block-applications">
              {applications.map((a) => (
                <ApplicationRow key={a.id} application={a} />
              ))}
            </Stack>
          </ListState>
        </Card>
      </Stack>
    </Box>
  );
}

function ApplicationRow({ application: a }: { application: BlockApplicationDto }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const words = useLifecycleWords();
  const state = topStateOf(a.state);
  return (
    <Box
      px="4"
      py="3"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: 0 }}
      data-testid={`block-application-${a.id}`}
    >
      <Flex align="center" gap="2" mb="1">
        <Text fontWeight="bold" truncate>
          {a.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {a.symbol}
        </Text>
        <Badge
          ms="auto"
          colorPalette={paletteOf(blockApplicationMachine, a.state)}
          data-testid={`block-state-${a.id}`}
          data-value={state}
        >
          {words.state('blockApplication', state)}
        </Badge>
      </Flex>
      <Fact label={t('blockTrade.applications.shares')}>
        {t('blockTrade.applications.sharesAt', {
          shares: formatPrice(a.shares),
          price: formatPrice(a.price),
        })}
      </Fact>
      <Fact label={t('blockTrade.applications.amount')} testId={`block-amount-${a.id}`}>
        {t('ticket.won', { amount: formatPrice(a.amount) })}
      </Fact>
      <Fact label={t('blockTrade.applications.appliedAt')}>
        {formatRecordTime(a.createdAt, i18n.language)}
      </Fact>
      {a.reason ? (
        <Text fontSize="sm" color="fg.error" mt="1" data-testid={`block-reason-${a.id}`}>
          {t('blockTrade.applications.reason', { reason: a.reason })}
        </Text>
      ) : null}
      {a.orderId !== null ? (
        <Button
          mt="2"
          size="xs"
          variant="outline"
          onClick={() => void navigate(`/trade/positionDetail?id=${a.orderId}`)}
          data-testid={`block-position-${a.id}`}
        >
          {t('blockTrade.applications.position')}
        </Button>
      ) : null}
    </Box>
  );
}
