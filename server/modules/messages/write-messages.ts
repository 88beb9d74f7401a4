import { noteForCommit } from '../../db/after-commit';
import type { Transaction } from '../../db/connect';
import { messages } from '../../db/schema';
import { subscribeTransitions } from '../../lifecycle/subscribers';
import type { TransitionNotice } from '../../lifecycle/subscribers';
import { ruleFor, subjectOf } from './rules';

/**
 * The message centre's one writer of system messages: for every transition the engine applies,
 * inside its transaction, the rule it matches (rules.ts) becomes one message to the entity's
 * owner, so the message commits with the transition or not at all. The text is not written
 * here: the code and its parameters are, and each reader gets them in their own language.
 */
export async function writeTransitionMessage(
  tx: Transaction,
  notice: TransitionNotice,
): Promise<void> {
  const rule = ruleFor({
    type: notice.lifecycle.type,
    from: notice.from,
    to: notice.to,
    event: notice.event.type,
  });
  if (rule === null) return;
  const subject = await subjectOf(tx, notice);
  if (subject === null) return;
  await tx.insert(messages).values({
    customerId: subject.customerId,
    kind: 'event',
    code: rule.code,
    params: subject.params,
    entityType: notice.lifecycle.type,
    entityId: String(notice.id),
    entityVersion: notice.version,
    createdAt: notice.now,
  });
  noteForCommit(tx, { topic: 'messages', customerId: subject.customerId });
}

// Registered when the module is loaded (server/app.ts loads it), like the engine's own.
subscribeTransitions(writeTransitionMessage);
