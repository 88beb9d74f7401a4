import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BlockOfferingDto, TradeProductDto } from '../../../contract/schemas/trade';
import { SELL_TAX_PPM, openingCosts } from '../../../contract/trade';
import { call } from '../../api';
import { notify } from '../../components/toaster';
import { FundPasswordConfirm } from '../../information/FundPasswordConfirm';
import { formatPrice } from '../../market/format';
import { useQuote } from '../../market/live';
import { useMarketCall } from '../../market/useMarketCall';
import { lockWords } from '../../trade/ticket/ticketRules';
import { idOf } from './blockLook';
import { Fact, NameLine, OfferingBadges, OfferingTerms } from './OfferingFacts';
import { OfferingFormFrame, StepperField } from './OfferingScreenParts';

/**
 * /home/blockTrade1?id=… — apply for shares of one offering: a shares stepper from the minimum,
 * the cost held at once (the block product's terms: bought outright, its commission), the fund
 * password, and the application sent once per confirmation (its own Idempotency-Key). A refusal
 * is shown in the customer's language under the keypad.
 */
export default function BlockApplyScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const list = useMarketCall('blockList', {});
  const products = useMarketCall('tradeProducts', {});
  const offering = list.data?.offerings.find((o) => o.id === id);
  const block = products.data?.products.find((p) => p.code === 'block');
  const both = {
    loading: list.loading || products.loading,
    failed: list.failed || products.failed,
    reload: () => {
      if (list.failed) list.reload();
      if (products.failed) products.reload();
    },
  };

  return (
    <OfferingFormFrame
      testId="block-apply"
      title={t('blockTrade.apply.title')}
      fallback="/home/blockTrade"
      list={both}
      empty={!offering || !block}
      emptyText={t('blockTrade.apply.notFound')}
    >
      {offering && block ? (
        // Keyed by the offering: its minimum starts the stepper.
        <ApplyForm key={offering.id} offering={offering} product={block} />
      ) : null}
    </OfferingFormFrame>
  );
}

function ApplyForm({
  offering,
  product,
}: {
  offering: BlockOfferingDto;
  product: TradeProductDto;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quote = useQuote(offering.symbol);
  const [shares, setShares] = useState(offering.minShares);
  const [confirming, setConfirming] = useState(false);
  const costs = openingCosts({
    price: offering.price,
    shares,
    leverage: 1,
    side: 'long',
    commissionPpm: product.commissionPpm,
    taxPpm: SELL_TAX_PPM.KOSPI,
  });
  const lock = lockWords(product.lock);
  const open = offering.open && product.enabled;
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });

  const apply = async (fundPassword: string) => {
    // One key per confirmation: a repeat of this request is answered, never applied twice.
    await call(
      'blockApply',
      { id: offering.id, shares, fundPassword },
      { idempotencyKey: crypto.randomUUID(), silent: true },
    );
    notify(t('blockTrade.apply.done'), 'success');
    void navigate('/home/blockTrade2', { replace: true });
  };

  return (
    <Stack px="4" gap="4" data-testid="block-apply-form">
      <Box>
        <NameLine name={offering.name} symbol={offering.symbol} nameTestId="block-apply-name">
          <OfferingBadges offering={offering} />
        </NameLine>
        <OfferingTerms offering={offering} quote={quote.data?.price} />
        <Fact label={t('blockTrade.apply.lock')}>{t(lock.key, lock.params)}</Fact>
      </Box>
      <StepperField
        label={t('blockTrade.apply.shares')}
        value={shares}
        onChange={setShares}
        min={offering.minShares}
        step={1}
        name="shares"
        note={t('blockTrade.apply.minNote', { min: formatPrice(offering.minShares) })}
      />
      <Box data-testid="block-apply-costs">
        <Fact label={t('blockTrade.apply.notional')} testId="block-apply-notional">
          {won(costs.notional)}
        </Fact>
        <Fact label={t('blockTrade.apply.fee')} testId="block-apply-fee">
          {won(costs.fee)}
        </Fact>
        <Fact label={t('blockTrade.apply.total')} testId="block-apply-total">
          {won(costs.total)}
        </Fact>
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('blockTrade.apply.review')}
        </Text>
      </Box>
      {!open ? (
        <Text fontSize="sm" color="fg.error" data-testid="block-apply-closed">
          {t('blockTrade.apply.closedNote')}
        </Text>
      ) : confirming ? (
        <FundPasswordConfirm
          testId="block-apply-confirm"
          onConfirm={apply}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button size="lg" onClick={() => setConfirming(true)} data-testid="block-apply-next">
          {t('blockTrade.apply.submit')}
        </Button>
      )}
    </Stack>
  );
}
