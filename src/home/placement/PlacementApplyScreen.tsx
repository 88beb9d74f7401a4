import { Box, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { tierOf } from '../../../contract/placement-rules';
import type { PlacementDto } from '../../../contract/schemas/placement';
import { placementMachine } from '../../../machines/offering-window';
import { BackHeader } from '../../components/BackHeader';
import { NumericStepper } from '../../components/NumericStepper';
import { notify } from '../../components/toaster';
import { formatPrice } from '../../market/format';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';
import { useMarketCall } from '../../market/useMarketCall';
import { idOf, windowText } from '../block/blockLook';
import { Fact, NameLine } from '../block/OfferingFacts';
import { makePlacementApplyFlow } from './offeringFlow';
import { OfferingFlow } from './OfferingFlow';
import { Badges, DemoBadge, StateBadge } from './placementLook';

/**
 * /home/newStockPsBuy?id=… — one placement and applying for it: its price, quantity, tiers and
 * window; a shares stepper from the placement minimum; the deposit held now and the tier's share;
 * the fund password; the application sent once per confirmation (machines/flows/offering-apply.ts).
 */
export default function PlacementApplyScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const list = useMarketCall('placementList', {});
  const placement = list.data?.placements.find((p) => p.id === id);

  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="placement-apply">
      <BackHeader
        title={t('placements.apply.title')}
        fallback="/home/newStockps"
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        <Card pt="4" pb="4">
          <ListState
            testId="placement-apply"
            loading={list.loading}
            failed={list.failed}
            empty={!placement}
            emptyText={t('placements.apply.notFound')}
            onRetry={list.reload}
            rows={3}
          >
            {placement ? <ApplyForm key={placement.id} placement={placement} /> : null}
          </ListState>
        </Card>
      </Stack>
    </Box>
  );
}

function ApplyForm({ placement: p }: { placement: PlacementDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shares, setShares] = useState(p.minShares);
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  const deposit = Math.ceil((p.price * shares * p.depositPct) / 100);
  const tier = tierOf(p.tiers, shares);
  const onDone = useCallback(() => {
    notify(t('placements.apply.done'), 'success');
    void navigate('/home/newStockps', { replace: true });
  }, [navigate, t]);

  return (
    <Stack px="4" gap="4">
      <Box>
        <NameLine name={p.name} symbol={p.symbol} nameTestId="placement-apply-name">
          <Badges>
            <DemoBadge demo={p.demo} testId="placement-apply-demo" />
            <StateBadge
              machine={placementMachine}
              entityType="placement"
              state={p.state}
              testId="placement-apply-state"
            />
          </Badges>
        </NameLine>
        <Fact label={t('placements.price')}>{won(p.price)}</Fact>
        <Fact label={t('placements.quantity')}>
          {t('ticket.sharesCount', { shares: formatPrice(p.sharesOffered) })}
        </Fact>
        <Fact label={t('placements.window')}>{t('placements.windowText', windowText(p))}</Fact>
        <Text fontSize="sm" fontWeight="semibold" mt="2">
          {t('placements.tiers')}
        </Text>
        {p.tiers.map((x) => (
          <Fact
            key={x.minShares}
            label={t('placements.tierMin', { min: formatPrice(x.minShares) })}
          >
            {t('placements.tierShare', { pct: x.allotPct })}
          </Fact>
        ))}
      </Box>
      <OfferingFlow
        make={makePlacementApplyFlow}
        draft={{ id: p.id, shares, price: null }}
        open={p.state === 'inProgress'}
        closedNote={t('placements.apply.closedNote')}
        submitLabel={t('placements.apply.submit')}
        onDone={onDone}
        testId="placement-apply"
        form={
          <>
            <Box>
              <Text fontSize="sm" fontWeight="semibold" mb="1">
                {t('placements.apply.shares')}
              </Text>
              <NumericStepper
                value={shares}
                onChange={setShares}
                min={p.minShares}
                step={1}
                name="shares"
                aria-label={t('placements.apply.shares')}
              />
              <Text fontSize="xs" color="fg.muted" mt="1">
                {t('placements.apply.minNote', { min: formatPrice(p.minShares) })}
              </Text>
            </Box>
            <Box>
              <Fact label={t('placements.apply.amount')}>{won(p.price * shares)}</Fact>
              <Fact label={t('placements.deposit')} testId="placement-apply-deposit">
                {won(deposit)}
              </Fact>
              <Fact label={t('placements.apply.tier')}>
                {tier ? t('placements.tierShare', { pct: tier.allotPct }) : '–'}
              </Fact>
              <Text fontSize="xs" color="fg.muted" mt="1">
                {t('placements.apply.note', { pct: p.depositPct })}
              </Text>
            </Box>
          </>
        }
        summary={
          <Box>
            <Fact label={t('placements.apply.shares')}>
              {t('ticket.sharesCount', { shares: formatPrice(shares) })}
            </Fact>
            <Fact label={t('placements.deposit')}>{won(deposit)}</Fact>
          </Box>
        }
      />
    </Stack>
  );
}
