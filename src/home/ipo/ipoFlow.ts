import { fromPromise } from 'xstate';
import type { IpoSubscriptionDto } from '../../../contract/schemas/ipo';
import { ipoSubscribeMachine } from '../../../machines/flows/ipo-subscribe';
import type { IpoSubscribeRequest } from '../../../machines/flows/ipo-subscribe';
import { call } from '../../api';
import { keyPerBody } from '../../information/funds/moneyFlows';

/**
 * The subscribe flow with the app's I/O, made once per screen (`useState(makeIpoSubscribeFlow)`).
 * The same body sent again (a lost answer, a second press) carries the same Idempotency-Key, so
 * the server answers with the subscription it made instead of making another.
 */
export const makeIpoSubscribeFlow = () => {
  const key = keyPerBody();
  return ipoSubscribeMachine.provide({
    actors: {
      submit: fromPromise<IpoSubscriptionDto, IpoSubscribeRequest>(({ input }) =>
        call('ipoSubscribe', input, { idempotencyKey: key(input), silent: true }),
      ),
    },
  });
};
