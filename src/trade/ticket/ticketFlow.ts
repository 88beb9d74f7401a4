import { fromPromise } from 'xstate';
import type { OrderPreviewDto, TradeOrderDto } from '../../../contract/schemas/trade';
import { orderTicketMachine } from '../../../machines/flows/order-ticket';
import type { OrderDraft, PlaceInput } from '../../../machines/flows/order-ticket';
import { call } from '../../api';

/**
 * The order ticket's flow with the app's I/O, made once per ticket (`useState(makeTicketFlow)`).
 * The preview is silent (the ticket shows its answer and any refusal itself); a place refusal is
 * toasted as every money call's is, and shown in the ticket. The Idempotency-Key comes from the
 * flow: one per submission attempt, the same on a retry of that attempt.
 */
export const makeTicketFlow = () =>
  orderTicketMachine.provide({
    actors: {
      preview: fromPromise<OrderPreviewDto, OrderDraft>(({ input }) =>
        call('tradePreview', input, { silent: true }),
      ),
      place: fromPromise<TradeOrderDto, PlaceInput>(({ input }) =>
        call('tradePlace', input.request, { idempotencyKey: input.idempotencyKey }),
      ),
    },
  });
