import type { FastifyInstance } from 'fastify';
import {
  CUSTOMER_API,
  KYC_PHOTO_MAX_BYTES,
  STAFF_API,
  SUPPORT_IMAGE_UPLOAD,
  SUPPORT_STAFF_IMAGE_UPLOAD,
} from '../../../contract';
import { recordAudit } from '../../audit/record-audit';
import { defineCall } from '../../http/define-call';
import { registerImageUpload } from '../../http/image-upload';
import { createCanned, deleteCanned, listCanned, updateCanned } from './canned';
import {
  customerRead,
  imageData,
  postCustomerMessage,
  sendImage,
  supportHistory,
  supportStatus,
} from './customer';
import {
  assignConversation,
  conversationDetail,
  decideConversation,
  reply,
  sendStaffImage,
  setShift,
  staffRead,
  supportQueue,
} from './staff';

/**
 * Customer service (issue 13, docs/support.md): the customer's chat calls, the image upload
 * through the shared image pipeline, and the agents' calls (every staff call is audited). Live
 * pushes go over the `/support` socket (server/realtime/support-namespace.ts).
 */
export function registerSupportModule(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'supportStatus', ({ maru, session }) =>
    supportStatus(maru, session.customer.id),
  );
  defineCall(app, CUSTOMER_API, 'supportHistory', ({ maru, session, body }) =>
    supportHistory(maru, session.customer.id, body),
  );
  defineCall(app, CUSTOMER_API, 'supportSend', async ({ maru, session, body, audit }) => {
    const sent = await postCustomerMessage(maru, session.customer.id, body, 'live');
    audit.entity = `conversation:${sent.conversation.id}`;
    audit.detail = { messageId: sent.message.id };
    return sent;
  });
  defineCall(app, CUSTOMER_API, 'supportLeaveMessage', async ({ maru, session, body, audit }) => {
    const sent = await postCustomerMessage(maru, session.customer.id, body, 'left');
    audit.entity = `conversation:${sent.conversation.id}`;
    audit.detail = { messageId: sent.message.id };
    return sent;
  });
  defineCall(app, CUSTOMER_API, 'supportRead', ({ maru, session, body }) =>
    customerRead(maru, session.customer.id, body.upTo),
  );
  defineCall(app, CUSTOMER_API, 'supportImage', ({ maru, session, body }) =>
    imageData(maru, session.customer.id, body.messageId),
  );
  registerImageUpload(app, {
    call: SUPPORT_IMAGE_UPLOAD,
    imageMaxBytes: KYC_PHOTO_MAX_BYTES,
    maxInFlightPerCustomer: 1,
    store: (customerId, _query, image) => sendImage(app.maru, customerId, image),
  });

  defineCall(app, STAFF_API, 'supportQueue', ({ maru, staff }) =>
    supportQueue(maru, staff.staff.id),
  );
  defineCall(app, STAFF_API, 'supportShift', async ({ maru, staff, body, audit }) => {
    audit.entity = `staff:${staff.staff.id}`;
    audit.detail = { onShift: body.onShift };
    return setShift(maru, staff.staff.id, body.onShift);
  });
  defineCall(app, STAFF_API, 'supportConversation', async ({ maru, body, audit }) => {
    audit.entity = `conversation:${body.id}`;
    return conversationDetail(maru, body.id, body.before ?? null);
  });
  for (const [name, decision] of [
    ['supportTake', 'take'],
    ['supportRelease', 'release'],
    ['supportClose', 'close'],
  ] as const) {
    defineCall(app, STAFF_API, name, async ({ maru, staff, body, audit }) => {
      audit.entity = `conversation:${body.id}`;
      return decideConversation(maru, staff.staff.id, decision, body);
    });
  }
  defineCall(app, STAFF_API, 'supportAssign', async ({ maru, staff, body, audit }) => {
    audit.entity = `conversation:${body.id}`;
    audit.detail = { agentId: body.agentId };
    return assignConversation(maru, staff.staff.id, body);
  });
  defineCall(app, STAFF_API, 'supportReply', async ({ maru, staff, body, audit }) => {
    audit.entity = `conversation:${body.id}`;
    audit.detail = { length: body.text.length };
    return reply(maru, staff.staff.id, body);
  });
  // Not a JSON call, so not audited by defineCall: the audit record is written with the message.
  registerImageUpload(app, {
    call: SUPPORT_STAFF_IMAGE_UPLOAD,
    imageMaxBytes: KYC_PHOTO_MAX_BYTES,
    maxInFlightPerCustomer: 1,
    store: (staffId, query, image, request) => {
      const id = Number(query.id);
      return sendStaffImage(app.maru, staffId, id, image, (tx, messageId) =>
        recordAudit(tx, request, {
          actor: { kind: 'staff', id: staffId },
          action: 'supportImageUpload',
          entity: `conversation:${id}`,
          detail: { messageId },
        }),
      );
    },
  });
  defineCall(app, STAFF_API, 'supportStaffRead', async ({ maru, body, audit }) => {
    audit.entity = `conversation:${body.id}`;
    audit.detail = { upTo: body.upTo };
    await staffRead(maru, body);
    return null;
  });
  defineCall(app, STAFF_API, 'supportStaffImage', async ({ maru, body, audit }) => {
    audit.entity = `supportMessage:${body.messageId}`;
    return imageData(maru, null, body.messageId);
  });
  defineCall(app, STAFF_API, 'supportCanned', ({ maru }) => listCanned(maru));
  defineCall(app, STAFF_API, 'supportCannedCreate', async ({ maru, staff, body, audit }) => {
    const id = await createCanned(maru, staff.staff.id, body);
    audit.entity = `cannedReply:${id}`;
    audit.detail = { title: body.title };
    return listCanned(maru);
  });
  defineCall(app, STAFF_API, 'supportCannedUpdate', async ({ maru, body, audit }) => {
    await updateCanned(maru, body);
    audit.entity = `cannedReply:${body.id}`;
    audit.detail = { title: body.title };
    return listCanned(maru);
  });
  defineCall(app, STAFF_API, 'supportCannedDelete', async ({ maru, body, audit }) => {
    await deleteCanned(maru, body.id);
    audit.entity = `cannedReply:${body.id}`;
    return listCanned(maru);
  });
}
