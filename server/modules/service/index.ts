import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { registerAvatarRoute } from './avatar-route';
import { checkIn, checkInStatus, redeemReward } from './check-in';
import { profile, setNickname } from './profile';
import { createReward, listRewards, updateReward } from './rewards';
import { applyForSeat, decideSeat, seatQueue, seatStatus } from './seat';

/**
 * Service (issue 13, docs/service.md): daily check-in and its reward catalogue, the profile
 * (avatar, nickname) and seat accounts; the customer's calls and the back office's.
 */
export function registerServiceModule(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'checkInStatus', ({ maru, session }) =>
    checkInStatus(maru, session.customer.id),
  );
  defineCall(app, CUSTOMER_API, 'checkIn', async ({ maru, session, audit }) => {
    const status = await checkIn(maru, session.customer.id);
    audit.entity = `customer:${session.customer.id}`;
    audit.detail = { day: status.today, streak: status.streak };
    return status;
  });
  defineCall(app, CUSTOMER_API, 'checkInRedeem', async ({ maru, session, body, audit }) => {
    audit.entity = `checkInReward:${body.rewardId}`;
    return redeemReward(maru, session.customer.id, body.rewardId);
  });

  defineCall(app, CUSTOMER_API, 'profile', ({ maru, session }) => profile(maru, session));
  defineCall(app, CUSTOMER_API, 'profileNickname', async ({ maru, session, body, audit }) => {
    audit.entity = `customer:${session.customer.id}`;
    return setNickname(maru, session, body);
  });
  registerAvatarRoute(app);

  defineCall(app, CUSTOMER_API, 'seatStatus', ({ maru, session }) =>
    seatStatus(maru, session.customer.id),
  );
  defineCall(app, CUSTOMER_API, 'seatApply', async ({ maru, session, audit }) => {
    const { id, status } = await applyForSeat(maru, session.customer.id);
    audit.entity = `seatAccount:${id}`;
    return status;
  });

  defineCall(app, STAFF_API, 'checkInRewards', ({ maru }) => listRewards(maru));
  defineCall(app, STAFF_API, 'checkInRewardCreate', async ({ maru, staff, body, audit }) => {
    const { id } = await createReward(maru, staff.staff.id, body);
    audit.entity = `checkInReward:${id}`;
    audit.detail = { ...body };
    return listRewards(maru);
  });
  defineCall(app, STAFF_API, 'checkInRewardUpdate', async ({ maru, body, audit }) => {
    await updateReward(maru, body);
    audit.entity = `checkInReward:${body.id}`;
    audit.detail = { ...body };
    return listRewards(maru);
  });
  defineCall(app, STAFF_API, 'seatQueue', ({ maru }) => seatQueue(maru));
  defineCall(app, STAFF_API, 'seatApprove', async ({ maru, staff, body, audit }) => {
    audit.entity = `seatAccount:${body.id}`;
    return decideSeat(maru, staff.staff.id, { kind: 'approve', ...body });
  });
  defineCall(app, STAFF_API, 'seatReject', async ({ maru, staff, body, audit }) => {
    audit.entity = `seatAccount:${body.id}`;
    audit.detail = { reason: body.reason };
    return decideSeat(maru, staff.staff.id, { kind: 'reject', ...body });
  });
}
