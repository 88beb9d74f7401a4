import { fromPromise } from 'xstate';
import type { OfferingAnswer, OfferingSubmission } from '../../../machines/flows/offering-apply';
import { offeringApplyMachine } from '../../../machines/flows/offering-apply';
import { call } from '../../api';
import { keyPerBody } from '../../information/funds/moneyFlows';

/**
 * The apply and bid flows with the app's I/O, made once per screen (`useState(make…)`). The same
 * body sent again from the same screen carries the same Idempotency-Key, so a lost answer is
 * answered with the application it made instead of making another.
 */
export const makePlacementApplyFlow = () => {
  const key = keyPerBody();
  return offeringApplyMachine.provide({
    actors: {
      submit: fromPromise<OfferingAnswer, OfferingSubmission>(({ input }) => {
        const body = { id: input.id, shares: input.shares, fundPassword: input.fundPassword };
        return call('placementApply', body, { idempotencyKey: key(body), silent: true });
      }),
    },
  });
};

export const makeAuctionBidFlow = () => {
  const key = keyPerBody();
  return offeringApplyMachine.provide({
    actors: {
      submit: fromPromise<OfferingAnswer, OfferingSubmission>(({ input }) => {
        const body = {
          id: input.id,
          price: input.price ?? 0,
          shares: input.shares,
          fundPassword: input.fundPassword,
        };
        return call('auctionBid', body, { idempotencyKey: key(body), silent: true });
      }),
    },
  });
};
