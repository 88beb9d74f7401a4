import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckInStatusDto } from '../../contract/schemas/service';
import { call } from '../api';
import { BackHeader } from '../components/BackHeader';
import { EmptyData } from '../components/EmptyData';
import { notify } from '../components/toaster';
import { ListFailed, ListLoading } from './LoadState';
import { useLoaded } from './useLoaded';

/**
 * /information/signIn — daily check-in (docs/service.md): today's button, the streak and points,
 * the last seven Seoul days, the reward catalogue staff set (each needs a number of check-ins)
 * and what the customer took. Refusals ("already checked in today", "check-in count
 * insufficient") are toasted by the client in the customer's language.
 */
export default function CheckInScreen() {
  const { t } = useTranslation();
  const loaded = useLoaded(() => call('checkInStatus', {}));
  const [status, setStatus] = useState<CheckInStatusDto | null>(null);
  const [busy, setBusy] = useState(false);
  const data = status ?? loaded.data;

  const run = async (action: () => Promise<CheckInStatusDto>, done: string) => {
    setBusy(true);
    try {
      setStatus(await action());
      notify(done, 'success');
    } catch {
      // Refused: the client toasted the reason; the screen shows the status as it was.
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (data) {
    body = (
      <>
        <Box bg="bg" borderRadius="xl" p="4" data-testid="checkin-summary">
          <SimpleGrid columns={3} gap="2" textAlign="center">
            <Figure
              label={t('service.checkIn.streak')}
              value={data.streak}
              testId="checkin-streak"
            />
            <Figure
              label={t('service.checkIn.total')}
              value={data.unspent}
              testId="checkin-unspent"
            />
            <Figure
              label={t('service.checkIn.points')}
              value={data.points}
              testId="checkin-points"
            />
          </SimpleGrid>
          <Flex gap="1" mt="4" justify="space-between" data-testid="checkin-week">
            {data.week.map((day) => (
              <Flex
                key={day.date}
                direction="column"
                align="center"
                flex="1"
                py="2"
                borderRadius="md"
                bg={day.checkedIn ? 'brand.subtle' : 'bg.muted'}
                data-testid={`checkin-day-${day.date}`}
                data-checked={day.checkedIn ? 'true' : 'false'}
              >
                <Text fontSize="xs" color="fg.muted">
                  {day.date.slice(5)}
                </Text>
                <Text fontSize="sm" fontWeight="semibold" aria-hidden="true">
                  {day.checkedIn ? '✓' : '·'}
                </Text>
                <Text srOnly>
                  {day.checkedIn ? t('service.checkIn.dayDone') : t('service.checkIn.dayMissed')}
                </Text>
              </Flex>
            ))}
          </Flex>
          <Button
            mt="4"
            w="full"
            size="lg"
            disabled={data.checkedInToday || busy}
            loading={busy}
            onClick={() => void run(() => call('checkIn', {}), t('service.checkIn.done'))}
            data-testid="checkin-button"
          >
            {data.checkedInToday ? t('service.checkIn.doneToday') : t('service.checkIn.button')}
          </Button>
          {data.coupons > 0 ? (
            <Text mt="3" fontSize="sm" color="fg.muted" data-testid="checkin-coupons">
              {t('service.checkIn.coupons', { count: data.coupons })}
            </Text>
          ) : null}
        </Box>
        <Box bg="bg" borderRadius="xl" p="4">
          <Heading as="h2" size="sm" mb="3">
            {t('service.checkIn.rewards')}
          </Heading>
          {data.rewards.length === 0 ? (
            <Box data-testid="checkin-rewards-empty">
              <EmptyData text={t('service.checkIn.noRewards')} />
            </Box>
          ) : (
            <Stack gap="3" data-testid="checkin-rewards">
              {data.rewards.map((reward) => (
                <Flex
                  key={reward.id}
                  align="center"
                  justify="space-between"
                  gap="3"
                  data-testid={`checkin-reward-${reward.id}`}
                >
                  <Box minW="0">
                    <Text fontWeight="semibold">{reward.title}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {t(`service.checkIn.kinds.${reward.kind}`)} ·{' '}
                      {t('service.checkIn.needs', { count: reward.checkInsRequired })}
                    </Text>
                  </Box>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () => call('checkInRedeem', { rewardId: reward.id }),
                        t('service.checkIn.redeemed', { title: reward.title }),
                      )
                    }
                    data-testid={`checkin-redeem-${reward.id}`}
                  >
                    {t('service.checkIn.redeem')}
                  </Button>
                </Flex>
              ))}
            </Stack>
          )}
        </Box>
        {data.redemptions.length > 0 ? (
          <Box bg="bg" borderRadius="xl" p="4" data-testid="checkin-redemptions">
            <Heading as="h2" size="sm" mb="3">
              {t('service.checkIn.mine')}
            </Heading>
            <Stack gap="2">
              {data.redemptions.map((r) => (
                <Flex key={r.id} justify="space-between" gap="3" fontSize="sm">
                  <Text>{r.title}</Text>
                  <Badge colorPalette={r.usedOrderId === null ? 'green' : 'gray'}>
                    {r.usedOrderId === null
                      ? t('service.checkIn.unused')
                      : t('service.checkIn.used', { id: r.usedOrderId })}
                  </Badge>
                </Flex>
              ))}
            </Stack>
          </Box>
        ) : null}
      </>
    );
  } else if (loaded.failed) {
    body = (
      <ListFailed
        text={t('service.checkIn.loadFailed')}
        onRetry={loaded.reload}
        testId="checkin-error"
      />
    );
  } else {
    body = <ListLoading testId="checkin-loading" />;
  }

  return (
    <Box minH="100dvh" bg="bg.muted" pb="8">
      <BackHeader title={t('service.checkIn.title')} />
      <Stack gap="4" px="4" pt="4">
        {body}
      </Stack>
    </Box>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box>
      <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
        {value.toLocaleString()}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}
