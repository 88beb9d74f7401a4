import type { SupportStatusDto } from '../../contract';
import type { ConversationContext, ConversationEvent } from '../../machines/conversation';
import { applyEvent, conversationLifecycle } from '../../server/lifecycle';
import { ensureConversation } from '../../server/modules/support/customer';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer, resultOfCall } from '../support/lifecycle-paths';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectSuccess, registerCustomer } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { openDesk } from './support-helpers';

/**
 * Every path of the conversation machine through the real app: an agent on shift takes a
 * waiting or reopened conversation, hands it back to the queue and closes it (staff calls); the
 * customer writing to a closed conversation reopens it. A customer writing to an open one only
 * adds a message (the system never sends `chat.reopen` there), so in those states the event goes
 * to the engine as the customer, which must refuse it with the machine's code and write nothing.
 */
interface PathConversation {
  id: number;
  customerId: number;
  session: Session;
}

describeLifecyclePaths({
  name: 'conversation',
  lifecycle: conversationLifecycle,
  adapter: async (
    t,
  ): Promise<LifecycleAdapter<PathConversation, ConversationContext, ConversationEvent>> => {
    const agent = await signInNewStaff(t.app, t.db, 'operator');
    // On shift with the desk open, so the customer can write live (docs/support.md).
    await openDesk(t.app, agent.token);
    expectSuccess(await staffCall(t.app, '/support/shift', { onShift: true }, agent.token));
    const load = (c: PathConversation) => conversationLifecycle.storage.load(t.db as never, c.id);
    return {
      async create() {
        const session = await registerCustomer(t.app, t.demoCode);
        const customerId = await customerIdOf(t.db, session);
        // The row a first message makes, in the machine's initial state.
        return { id: await ensureConversation(t.db, customerId), customerId, session };
      },
      async send(c, event) {
        const loaded = await load(c);
        const version = loaded?.version ?? 0;
        switch (event.type) {
          case 'chat.assign':
            return resultOfAnswer(
              await staffCall(t.app, '/support/take', { id: c.id, version }, agent.token),
            );
          case 'chat.release':
            return resultOfAnswer(
              await staffCall(t.app, '/support/release', { id: c.id, version }, agent.token),
            );
          case 'chat.close':
            return resultOfAnswer(
              await staffCall(t.app, '/support/close', { id: c.id, version }, agent.token),
            );
          case 'chat.reopen':
            if (loaded?.state === 'closed') {
              return resultOfAnswer(
                await call(t.app, '/kefu/send', { text: 'Hello again' }, { session: c.session }),
              );
            }
            return resultOfCall(() =>
              applyEvent(t.db, {
                lifecycle: conversationLifecycle,
                id: c.id,
                event,
                actor: { kind: 'customer', id: c.customerId },
              }),
            );
        }
      },
      actorOf: (event, c) =>
        event.type === 'chat.reopen'
          ? { kind: 'customer', id: c.customerId }
          : { kind: 'staff', id: agent.id },
      async status(c) {
        const status = expectSuccess<SupportStatusDto>(
          await call(t.app, '/kefu/status', {}, { session: c.session }),
        );
        if (!status.conversation) throw new Error('no conversation in the status');
        const { state, version, accepts } = status.conversation;
        return { state, version, accepts };
      },
    };
  },
});
