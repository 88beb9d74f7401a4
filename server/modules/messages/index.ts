import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, MESSAGE_PAGE_SIZE, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { announcementPage, sendAnnouncement } from './announcements';
import { markAllRead, markRead, messagePage, unreadCount } from './read-messages';
// The transition subscriber registers itself when loaded: loading this module is enough.
import './write-messages';

export { unreadCount } from './read-messages';

/** The message centre (docs/messages.md): the customer's messages and staff announcements. */
export function registerMessagesModule(app: FastifyInstance): void {
  // Validation is strict (nothing coerced, no defaults filled in): the defaults are applied here.
  defineCall(app, CUSTOMER_API, 'msgList', ({ maru, session, body, request }) =>
    messagePage(maru.db, session.customer.id, request.locale, {
      page: body.page ?? 1,
      pageSize: body.pageSize ?? MESSAGE_PAGE_SIZE,
    }),
  );
  defineCall(app, CUSTOMER_API, 'msgUnread', async ({ maru, session }) => ({
    unread: await unreadCount(maru.db, session.customer.id),
  }));
  defineCall(app, CUSTOMER_API, 'msgRead', ({ maru, session, body }) =>
    markRead(maru.db, session.customer.id, body.id, maru.clock.now()),
  );
  defineCall(app, CUSTOMER_API, 'msgReadAll', ({ maru, session }) =>
    markAllRead(maru.db, session.customer.id, maru.clock.now()),
  );

  defineCall(app, STAFF_API, 'announcementSend', async ({ maru, staff, body, audit }) => {
    const sent = await sendAnnouncement(maru.db, staff.staff.id, body, maru.clock.now());
    audit.entity = `announcement:${sent.id}`;
    audit.detail = {
      audience: sent.audience,
      institutionId: sent.institutionId,
      accounts: sent.accounts.length,
      recipients: sent.recipients,
      languages: sent.languages.join(','),
    };
    return sent;
  });
  defineCall(app, STAFF_API, 'announcementList', ({ maru, body }) =>
    announcementPage(maru.db, { page: body.page ?? 1, pageSize: body.pageSize ?? 20 }),
  );
}
