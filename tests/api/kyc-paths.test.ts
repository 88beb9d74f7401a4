import type { KycContext, KycEvent } from '../../machines/kyc';
import { kycLifecycle } from '../../server/lifecycle';
import type { LifecycleStatus } from '../../server/lifecycle';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import {
  blankRejectUnsendable,
  describeLifecyclePaths,
  resultOfAnswer,
  sendClockEvent,
} from '../support/lifecycle-paths';
import type { Session } from './api-helpers';
import { call, expectSuccess, registerCustomer } from './api-helpers';
import { customerIdOf } from './api-helpers';
import { signInNewStaff, staffCall, uploadPhoto } from './identity-helpers';
import { readMessages } from './message-helpers';

/**
 * Every path of the KYC machine through the real app: the customer uploads photos and submits,
 * a signed-in reviewer approves or rejects, and the review clock flags a waiting case overdue.
 */
interface KycCustomer {
  id: number;
  session: Session;
  /** Photos uploaded for the next submission (prepare), as the client does before submitting. */
  photos: { frontPhotoId: string; backPhotoId: string } | null;
}

describeLifecyclePaths({
  name: 'kyc',
  lifecycle: kycLifecycle,
  ...blankRejectUnsendable,
  adapter: async (t): Promise<LifecycleAdapter<KycCustomer, KycContext, KycEvent>> => {
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    return {
      async create() {
        const session = await registerCustomer(t.app, t.demoCode);
        const id = await customerIdOf(t.db, session);
        return { id, session, photos: null };
      },
      async prepare(customer, event) {
        if (event.type !== 'kyc.submit') return;
        customer.photos = {
          frontPhotoId: await uploadPhoto(t.app, customer.session, 'front'),
          backPhotoId: await uploadPhoto(t.app, customer.session, 'back'),
        };
      },
      async send(customer, event) {
        switch (event.type) {
          case 'kyc.submit': {
            if (!customer.photos) throw new Error('prepare uploads the photos first');
            const body = { realName: '홍길동', idNumber: '900101-1', ...customer.photos };
            customer.photos = null;
            return resultOfAnswer(
              await call(t.app, '/kyc/submit', body, { session: customer.session }),
            );
          }
          case 'review.approve':
            return resultOfAnswer(
              await staffCall(t.app, '/kyc/approve', { customerId: customer.id }, reviewer.token),
            );
          case 'review.reject':
            return resultOfAnswer(
              await staffCall(
                t.app,
                '/kyc/reject',
                { customerId: customer.id, reason: event.reason },
                reviewer.token,
              ),
            );
          case 'review.overdue':
            return sendClockEvent(t.db, kycLifecycle, customer.id, event);
        }
      },
      actorOf(event, customer) {
        if (event.type === 'kyc.submit') return { kind: 'customer', id: customer.id };
        if (event.type === 'review.overdue') return { kind: 'system', id: null };
        return { kind: 'staff', id: reviewer.id };
      },
      // The reviewer's reason is kept with the rejection; nothing else carries one.
      reasonOf: (event) => (event.type === 'review.reject' ? event.reason.trim() : null),
      // Message centre: the customer reads what the review decided, in each language.
      messages: (customer, locale) => readMessages(t.app, customer.session, locale),
      async status(customer) {
        return expectSuccess<LifecycleStatus>(
          await call(t.app, '/kyc/status', {}, { session: customer.session }),
        );
      },
    };
  },
});
