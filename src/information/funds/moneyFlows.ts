import { fromCallback, fromPromise } from 'xstate';
import type { AnyEventObject } from 'xstate';
import type {
  CashOutRequest,
  ExchangeDto,
  ExchangeQuoteDto,
  ExchangeQuoteRequest,
  FundOrderDto,
  RechargeRequest,
} from '../../../contract/schemas/funds';
import { cashOutMachine } from '../../../machines/flows/cash-out';
import { exchangeMachine } from '../../../machines/flows/exchange';
import { rechargeMachine } from '../../../machines/flows/recharge';
import { call } from '../../api';
import { uploadRechargeVoucher } from '../../api/uploadRechargeVoucher';

/**
 * The money flows with the app's I/O, made once per screen (`useState(makeRechargeFlow)`).
 * Refusals are toasted by the API client and land in the flow as its refusal.
 *
 * Idempotency-Key: the same body sent again from the same screen (the answer was lost, the
 * customer pressed again) carries the same key, so it is answered with the order it made instead
 * of making another; a changed body gets a new key (the server refuses a key reused for another).
 */
export function keyPerBody(): (body: unknown) => string {
  let lastBody = '';
  let key = '';
  return (body) => {
    const text = JSON.stringify(body);
    if (text !== lastBody || key === '') {
      lastBody = text;
      key = crypto.randomUUID();
    }
    return key;
  };
}

export const makeRechargeFlow = () => {
  const key = keyPerBody();
  return rechargeMachine.provide({
    actors: {
      upload: fromCallback<AnyEventObject, { file: Blob }>(({ input, sendBack }) => {
        const controller = new AbortController();
        const live = () => !controller.signal.aborted;
        uploadRechargeVoucher(
          input.file,
          (fraction) => {
            if (live()) sendBack({ type: 'upload.progress', fraction });
          },
          controller.signal,
        ).then(
          ({ voucherId }) => {
            if (live()) sendBack({ type: 'upload.done', voucherId });
          },
          (error: unknown) => {
            if (live()) sendBack({ type: 'upload.failed', error });
          },
        );
        return () => controller.abort();
      }),
      submit: fromPromise<FundOrderDto, RechargeRequest>(({ input }) =>
        call('recharge', input, { idempotencyKey: key(input) }),
      ),
    },
  });
};

export const makeCashOutFlow = () => {
  const key = keyPerBody();
  return cashOutMachine.provide({
    actors: {
      submit: fromPromise<FundOrderDto, CashOutRequest>(({ input }) =>
        call('cashOut', input, { idempotencyKey: key(input) }),
      ),
    },
  });
};

export const makeExchangeFlow = () => {
  const key = keyPerBody();
  return exchangeMachine.provide({
    actors: {
      quote: fromPromise<ExchangeQuoteDto, ExchangeQuoteRequest>(({ input }) =>
        call('exchangeQuote', input),
      ),
      exchange: fromPromise<ExchangeDto, { quoteId: string; fundPassword: string }>(({ input }) =>
        call('exchange', input, { idempotencyKey: key(input) }),
      ),
    },
  });
};
