import { Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitFor } from 'xstate';
import type { TradeProductDto, TradeProductsDto } from '../../../contract/schemas/trade';
import type { OrderSide } from '../../../contract/trade';
import { floorToTick } from '../../../contract/ticks';
import type { OrderDraft } from '../../../machines/flows/order-ticket';
import { formatPrice } from '../../market/format';
import { useQuote } from '../../market/live';
import { ProductStatus } from './ProductStatus';
import { TicketEditor } from './TicketEditor';
import type { TicketForm } from './TicketEditor';
import { TicketKeypad } from './TicketKeypad';
import { TicketPlaced } from './TicketPlaced';
import { TicketPreview } from './TicketPreview';
import { TicketRefusal } from './TicketRefusal';
import { makeTicketFlow } from './ticketFlow';

/** A tapped book level: `seq` tells two taps at the same price apart. */
export interface PickedPrice {
  price: number;
  seq: number;
}

const STEPS = [
  'editing',
  'previewing',
  'previewed',
  'confirming',
  'submitting',
  'refused',
  'placed',
] as const;

/**
 * The order ticket for one product and stock (issue 11): the form, the server's preview, the
 * fund password keypad, then the order placed or the reason it was refused. The form is kept
 * while the customer looks at the preview or the keypad, and after a refusal.
 */
export function OrderTicket({
  product,
  meta,
  symbol,
  side = 'long',
  picked = null,
}: {
  product: TradeProductDto;
  meta: Pick<TradeProductsDto, 'demo' | 'simulated' | 'sessionLabel'>;
  symbol: string;
  side?: OrderSide;
  picked?: PickedPrice | null;
}) {
  const { t } = useTranslation();
  const [machine] = useState(makeTicketFlow);
  const flow = useActorRef(machine);
  const step = useSelector(flow, (s) => STEPS.find((name) => s.matches(name)));
  const refusal = useSelector(flow, (s) => s.context.refusal);
  const preview = useSelector(flow, (s) => s.context.preview);
  const order = useSelector(flow, (s) => s.context.order);
  const quote = useQuote(symbol).data;
  const marketPrice = quote && quote.price > 0 ? floorToTick(quote.price) : null;

  const [form, setForm] = useState<TicketForm>(() => ({
    side,
    type: 'limit',
    priceText: picked ? String(picked.price) : '',
    lots: 1,
    leverage: product.leverages[0] ?? 1,
  }));

  // The price starts at the market's until the customer types one or taps the book.
  const seeded = useRef(picked !== null);
  useEffect(() => {
    if (seeded.current || marketPrice === null) return;
    seeded.current = true;
    setForm((f) => (f.priceText === '' ? { ...f, priceText: String(marketPrice) } : f));
  }, [marketPrice]);

  // A tapped book level becomes the limit price; a preview or keypad of another price is left.
  const lastPick = useRef(picked?.seq ?? null);
  useEffect(() => {
    if (!picked || picked.seq === lastPick.current) return;
    lastPick.current = picked.seq;
    seeded.current = true;
    setForm((f) => ({ ...f, type: 'limit', priceText: String(picked.price) }));
    flow.send({ type: 'revise' });
  }, [picked, flow]);

  const draftOf = (price: number | null): OrderDraft => ({
    product: product.code,
    symbol,
    side: form.side,
    type: form.type,
    ...(form.type === 'limit' && price !== null ? { price } : {}),
    lots: form.lots,
    leverage: form.leverage,
  });

  const summary = [
    t(`ticket.side.${form.side}`),
    form.type === 'limit'
      ? `${t('ticket.type.limit')} ${t('ticket.won', { amount: formatPrice(Number(form.priceText)) })}`
      : t('ticket.type.market'),
    t('ticket.shares', {
      lots: formatPrice(form.lots),
      lotSize: formatPrice(product.lotSize),
      shares: formatPrice(form.lots * product.lotSize),
    }),
    t('ticket.leverageOption', { n: form.leverage }),
  ].join(' · ');

  let body = null;
  if (step === 'placed' && order) {
    body = <TicketPlaced order={order} onAgain={() => flow.send({ type: 'again' })} />;
  } else if (step === 'previewed' && preview) {
    body = (
      <TicketPreview
        preview={preview}
        onBack={() => flow.send({ type: 'back' })}
        onNext={() => flow.send({ type: 'next' })}
      />
    );
  } else if (step === 'confirming' || step === 'submitting') {
    body = (
      <TicketKeypad
        summary={summary}
        busy={step === 'submitting'}
        onBack={() => flow.send({ type: 'back' })}
        onConfirm={async (fundPassword) => {
          flow.send({ type: 'confirm', fundPassword, idempotencyKey: crypto.randomUUID() });
          await waitFor(flow, (s) => !s.matches('submitting'));
        }}
      />
    );
  } else if (step === 'refused' && refusal) {
    body = (
      <TicketRefusal
        refusal={refusal}
        onEdit={() => flow.send({ type: 'edit' })}
        onRetry={() => flow.send({ type: 'retry' })}
      />
    );
  } else {
    body = (
      <TicketEditor
        product={product}
        form={form}
        onChange={setForm}
        limits={{ lower: quote?.lowerLimit ?? null, upper: quote?.upperLimit ?? null }}
        marketPrice={marketPrice}
        refusal={step === 'editing' ? refusal : null}
        busy={step === 'previewing'}
        onReview={(price) => flow.send({ type: 'preview', draft: draftOf(price) })}
      />
    );
  }

  return (
    <Stack gap="4" data-testid="ticket" data-step={step}>
      <ProductStatus product={product} meta={meta} />
      {body}
    </Stack>
  );
}
