import type { FastifyInstance } from 'fastify';
import { FUND_SETTING_KEYS, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { listSettings } from '../../settings';
import { changeSetting } from '../staff/settings-change';
import { decideAdjustment, listAdjustments, proposeAdjustment } from './adjustments';

/** Back-office money calls of this part: manual adjustments and the fund settings. */
export function registerMoneyStaffCalls(app: FastifyInstance): void {
  defineCall(app, STAFF_API, 'adjustList', ({ db, body }) => listAdjustments(db, body));
  defineCall(app, STAFF_API, 'adjustPropose', async ({ db, maru, body, staff, audit }) => {
    const item = await proposeAdjustment(db, staff.staff.id, body, maru.clock.now());
    audit.entity = `adjustment:${item.id}`;
    audit.detail = {
      customerId: item.customerId,
      currency: item.currency,
      amount: item.amount,
      reason: item.reason,
    };
    return item;
  });
  defineCall(app, STAFF_API, 'adjustApprove', async ({ db, maru, body, staff, audit }) => {
    const item = await decideAdjustment(db, staff.staff.id, body, maru.clock.now());
    audit.entity = `adjustment:${item.id}`;
    audit.detail = {
      approve: body.approve,
      customerId: item.customerId,
      currency: item.currency,
      amount: item.amount,
      entryId: item.entryId,
    };
    return item;
  });

  defineCall(app, STAFF_API, 'fundSettingsGet', async ({ db }) => ({
    items: (await listSettings(db)).filter((item) =>
      (FUND_SETTING_KEYS as readonly string[]).includes(item.key),
    ),
  }));
  defineCall(app, STAFF_API, 'fundSettingsSet', ({ db, maru, body, staff, audit }) =>
    changeSetting(db, staff.staff.id, body, maru.clock.now(), audit),
  );
}
