import { Box, Button, Flex, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeProductDto } from '../../../contract/schemas/trade';
import type { OrderSide, OrderType } from '../../../contract/trade';
import {
  ceilToTick,
  floorToTick,
  isOnTick,
  tickDown,
  tickSize,
  tickUp,
} from '../../../contract/ticks';
import type { FlowRefusal } from '../../../machines/flows/refusal';
import { NumericStepper } from '../../components/NumericStepper';
import { translateRefusal } from '../../i18n/translateRefusal';
import { formatPrice } from '../../market/format';
import { ChoiceGroup } from './ChoiceGroup';
import { SIDE_TINT } from './sideTint';
import { LockText } from './ProductStatus';
import { limitPriceProblem, parsePrice } from './ticketRules';
import type { PriceLimits, PriceProblem } from './ticketRules';

/** What the customer has typed: kept by the ticket while it shows the preview and the keypad. */
export interface TicketForm {
  side: OrderSide;
  type: OrderType;
  priceText: string;
  lots: number;
  leverage: number;
}

/** The next price one tick away; an off-tick price goes to the nearest tick in that direction. */
function stepPrice(text: string, direction: 1 | -1, fallback: number | null): number | null {
  const price = parsePrice(text) ?? fallback;
  if (price === null || price <= 0) return null;
  if (!isOnTick(price)) return direction > 0 ? ceilToTick(price) : Math.max(1, floorToTick(price));
  return direction > 0 ? tickUp(price) : Math.max(1, tickDown(price));
}

/** The ticket's form: side, limit or market, the price by the tick, lots, leverage. */
export function TicketEditor({
  product,
  form,
  onChange,
  limits,
  marketPrice,
  refusal,
  busy,
  onReview,
}: {
  product: TradeProductDto;
  form: TicketForm;
  onChange: (form: TicketForm) => void;
  limits: PriceLimits;
  marketPrice: number | null;
  /** Why the last preview call was refused. */
  refusal: FlowRefusal | null;
  busy: boolean;
  onReview: (price: number | null) => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<PriceProblem | null>(null);
  const set = (patch: Partial<TicketForm>) => onChange({ ...form, ...patch });
  const setPriceText = (priceText: string) => {
    setProblem(null);
    set({ priceText });
  };
  const price = parsePrice(form.priceText);
  const shares = form.lots * product.lotSize;

  const review = () => {
    if (form.type === 'market') return onReview(null);
    const found = limitPriceProblem(form.priceText, limits);
    setProblem(found);
    if (!found && price !== null) onReview(price);
  };

  return (
    <Stack gap="4" data-testid="ticket-form">
      <ChoiceGroup
        label={t('ticket.sideLabel')}
        value={form.side}
        onChange={(side) => set({ side })}
        testIdPrefix="ticket-side"
        choices={(['long', 'short'] as const).map((value) => ({
          value,
          label: t(`ticket.side.${value}`),
          tint: SIDE_TINT[value],
        }))}
      />
      <ChoiceGroup
        label={t('ticket.typeLabel')}
        value={form.type}
        onChange={(type) => {
          setProblem(null);
          set({ type });
        }}
        testIdPrefix="ticket-type"
        choices={(['limit', 'market'] as const).map((value) => ({
          value,
          label: t(`ticket.type.${value}`),
        }))}
      />
      {form.type === 'limit' ? (
        <Box>
          <chakra.label
            htmlFor="ticket-price"
            display="block"
            fontSize="sm"
            color="fg.muted"
            fontWeight="medium"
            mb="1.5"
          >
            {t('ticket.price')}
          </chakra.label>
          <Flex
            align="center"
            borderWidth="1px"
            borderColor={problem ? 'red.500' : 'border'}
            borderRadius="lg"
            overflow="hidden"
            h="11"
          >
            <IconButton
              variant="ghost"
              borderRadius="0"
              h="full"
              aria-label={t('ticket.priceDown')}
              data-testid="ticket-price-down"
              onClick={() => {
                const next = stepPrice(form.priceText, -1, marketPrice);
                if (next !== null) setPriceText(String(next));
              }}
            >
              −
            </IconButton>
            <chakra.input
              id="ticket-price"
              inputMode="numeric"
              value={form.priceText}
              onChange={(e) => setPriceText(e.target.value.replace(/[^0-9]/g, ''))}
              aria-invalid={problem ? true : undefined}
              aria-describedby="ticket-price-help"
              flex="1"
              minW="0"
              h="full"
              textAlign="center"
              fontWeight="semibold"
              fontVariantNumeric="tabular-nums"
              outline="none"
              borderInlineWidth="1px"
              borderColor="border"
              data-testid="ticket-price"
            />
            <IconButton
              variant="ghost"
              borderRadius="0"
              h="full"
              aria-label={t('ticket.priceUp')}
              data-testid="ticket-price-up"
              onClick={() => {
                const next = stepPrice(form.priceText, 1, marketPrice);
                if (next !== null) setPriceText(String(next));
              }}
            >
              +
            </IconButton>
          </Flex>
          <Box id="ticket-price-help" mt="1">
            {problem ? (
              <Text
                fontSize="xs"
                color="red.700"
                role="alert"
                data-testid="ticket-price-error"
                data-code={problem.code}
              >
                {translateRefusal(problem.code, problem.params)}
              </Text>
            ) : (
              <Text fontSize="xs" color="fg.muted" data-testid="ticket-price-help">
                {price !== null && price > 0
                  ? t('ticket.tick', { tick: formatPrice(tickSize(price)) })
                  : null}
                {limits.lower !== null && limits.upper !== null && limits.lower > 0
                  ? ` · ${t('ticket.range', { lower: formatPrice(limits.lower), upper: formatPrice(limits.upper) })}`
                  : null}
              </Text>
            )}
          </Box>
        </Box>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="ticket-market-note">
          {t('ticket.marketNote')}
        </Text>
      )}
      <Box>
        <Text id="ticket-lots-label" fontSize="sm" color="fg.muted" fontWeight="medium" mb="1.5">
          {t('ticket.lots')}
        </Text>
        <NumericStepper
          value={form.lots}
          onChange={(lots) => set({ lots })}
          aria-label={t('ticket.lots')}
          name="lots"
        />
        <Text fontSize="xs" color="fg.muted" mt="1" data-testid="ticket-shares">
          {t('ticket.shares', {
            lots: formatPrice(form.lots),
            lotSize: formatPrice(product.lotSize),
            shares: formatPrice(shares),
          })}
        </Text>
      </Box>
      <ChoiceGroup
        label={t('ticket.leverage')}
        value={form.leverage}
        onChange={(leverage) => set({ leverage })}
        testIdPrefix="ticket-leverage"
        choices={product.leverages.map((n) => ({
          value: n,
          label: t('ticket.leverageOption', { n }),
        }))}
      />
      <LockText product={product} />
      {refusal ? (
        <Text
          fontSize="sm"
          color="red.800"
          bg="red.50"
          borderRadius="md"
          p="3"
          role="alert"
          data-testid="ticket-preview-refusal"
          data-code={refusal.code}
        >
          {translateRefusal(refusal.code, refusal.params)}
        </Text>
      ) : null}
      <Button
        size="lg"
        h="12"
        borderRadius="lg"
        fontWeight="semibold"
        color="white"
        bg={SIDE_TINT[form.side]}
        loading={busy}
        loadingText={t('ticket.previewing')}
        onClick={review}
        data-testid="ticket-review"
      >
        {t('ticket.previewButton')}
      </Button>
    </Stack>
  );
}
