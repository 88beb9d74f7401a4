import { Box, Button, Stack, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { IPO_TABS } from '../../../contract/ipo';
import type { IpoTab } from '../../../contract/ipo';
import { BackHeader } from '../../components/BackHeader';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { Segmented } from '../../market/parts/Segmented';
import { useStockName } from '../../market/names';
import { useMarketCall } from '../../market/useMarketCall';
import { NameLine } from '../block/OfferingFacts';
import { IpoBadges, IpoFacts } from './IpoFacts';

const tabOf = (value: string | null): IpoTab =>
  (IPO_TABS as readonly string[]).includes(value ?? '') ? (value as IpoTab) : 'open';

/**
 * /home/newStock — new-share subscriptions (공모주 청약): offerings upcoming, open for
 * subscription and closed (`?tab=` keeps the tab), each with the spec's figures; tapping one opens
 * its detail and subscription (/home/newStockBuy). The records are one tap away.
 */
export default function NewStockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useStockName();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const list = useMarketCall('ipoList', { tab });
  const offerings = list.data?.offerings ?? [];

  return (
    <Box minH="100dvh" bg="bg.muted" pb="8" data-testid="ipo-list-screen">
      <BackHeader title={t('ipo.title')} fallback="/home/index" />
      <Stack gap="3" p="3">
        <Text fontSize="sm" color="fg.muted" px="1">
          {t('ipo.intro')}
        </Text>
        <Card
          pt="2"
          right={
            <Button
              size="xs"
              variant="outline"
              onClick={() => void navigate('/home/newStockRecords')}
              data-testid="ipo-records-link"
            >
              {t('ipo.records.title')}
            </Button>
          }
          title={t('ipo.offerings')}
        >
          <Box px="4" mb="2">
            <Segmented
              variant="underline"
              fill
              items={IPO_TABS.map((value) => ({ value, label: t(`ipo.tabs.${value}`) }))}
              value={tab}
              onChange={(value) => setParams({ tab: value }, { replace: true })}
              testIdPrefix="ipo-tab"
            />
          </Box>
          <ListState
            testId="ipo-offerings"
            loading={list.loading}
            failed={list.failed}
            empty={offerings.length === 0}
            emptyText={t(`ipo.empty.${tab}`)}
            onRetry={list.reload}
            rows={3}
          >
            <Stack gap="0" data-testid="ipo-offerings" data-tab={tab}>
              {offerings.map((o) => (
                <chakra.button
                  key={o.id}
                  type="button"
                  textAlign="start"
                  px="4"
                  py="3"
                  borderTopWidth="1px"
                  borderColor="border.muted"
                  _first={{ borderTopWidth: 0 }}
                  onClick={() => void navigate(`/home/newStockBuy?id=${o.id}`)}
                  data-testid={`ipo-offering-${o.id}`}
                  aria-label={`${nameOf(o)} ${o.symbol}`}
                >
                  <NameLine name={nameOf(o)} symbol={o.symbol}>
                    <IpoBadges offering={o} />
                  </NameLine>
                  <IpoFacts offering={o} />
                </chakra.button>
              ))}
            </Stack>
          </ListState>
        </Card>
      </Stack>
    </Box>
  );
}
