import { Box, Stack, Text } from '@chakra-ui/react';
import { isInState } from '../../../machines/state-value';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { tierOf } from '../../../contract/placement-rules';
import type { PlacementDto } from '../../../contract/schemas/placement';
import { placementMachine } from '../../../machines/offering-window';
import { notify } from '../../components/toaster';
import { formatPrice } from '../../market/format';
import { useMarketCall } from '../../market/useMarketCall';
import { idOf, windowText } from '../block/blockLook';
import { Fact } from '../block/OfferingFacts';
import { OfferingFormFrame, StepperField } from '../block/OfferingScreenParts';
import { makePlacementApplyFlow } from './offeringFlow';
import { OfferingFlow } from './OfferingFlow';
import { WindowHeading } from './placementLook';

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
    <OfferingFormFrame
      testId="placement-apply"
      title={t('placements.apply.title')}
      fallback="/home/newStockps"
      list={list}
      empty={!placement}
      emptyText={t('placements.apply.notFound')}
    >
      {placement ? <ApplyForm key={placement.id} placement={placement} /> : null}
    </OfferingFormFrame>
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
        <WindowHeading
          offering={p}
          machine={placementMachine}
          entityType="placement"
          testId="placement-apply"
          nameTestId="placement-apply-name"
        />
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
        open={isInState(p.state, 'inProgress')}
        closedNote={t('placements.apply.closedNote')}
        submitLabel={t('placements.apply.submit')}
        onDone={onDone}
        testId="placement-apply"
        form={
          <>
            <StepperField
              label={t('placements.apply.shares')}
              value={shares}
              onChange={setShares}
              min={p.minShares}
              step={1}
              name="shares"
              note={t('placements.apply.minNote', { min: formatPrice(p.minShares) })}
            />
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
