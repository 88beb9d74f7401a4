import type { ConversationContext, ConversationEvent } from '../../../machines/conversation';
import { conversationLifecycle as definition } from '../../../machines/conversation';
import { supportConversations } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/** Customer-service conversations live in `support_conversations`, one per customer. */
export const conversationLifecycle: Lifecycle<ConversationContext, ConversationEvent> = {
  type: 'conversation',
  definition,
  storage: tableStorage<ConversationContext>(supportConversations, {
    id: supportConversations.id,
    state: supportConversations.state,
    context: supportConversations.context,
    version: supportConversations.version,
  }),
  notFound: 'support.not_found',
};
