import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Locale } from '../../contract';
import type { MessageDto } from '../../contract/schemas/messages';
import { MESSAGE_CODES } from '../../contract/schemas/messages';
import type { MessageCode } from '../../contract/schemas/messages';
import { renderMessage } from '../../locales/messages';
import type { Database } from '../../server/db/connect';
import { messages } from '../../server/db/schema';
import { ruleFor } from '../../server/modules/messages/rules';

/** A step a path took, as the message rules see it. */
export interface TakenStep {
  from: string;
  to: string;
  event: string;
  /** The entity's version after the step. */
  version: number;
}

const isCode = (value: unknown): value is MessageCode =>
  typeof value === 'string' && (MESSAGE_CODES as readonly string[]).includes(value);

/**
 * The message centre's part of every path test (docs/messages.md): the messages stored about
 * the entity are exactly one per step that a rule of server/modules/messages/rules.ts matches,
 * with that rule's code and the step's version, and none for any other step. When the adapter
 * reads the customer's list (`messages`), the customer sees exactly those, in `locale`.
 */
export async function expectPathMessages(request: {
  db: Database;
  type: string;
  entityId: number;
  steps: readonly TakenStep[];
  where: string;
  locale: Locale;
  read?: (locale: Locale) => Promise<MessageDto[]>;
}): Promise<void> {
  const { db, type, entityId, steps, where } = request;
  const stored = await db
    .select()
    .from(messages)
    .where(and(eq(messages.entityType, type), eq(messages.entityId, String(entityId))))
    .orderBy(asc(messages.id));
  const expected = steps.flatMap((step) => {
    const rule = ruleFor({ type, ...step });
    return rule ? [{ code: rule.code, entityVersion: step.version }] : [];
  });
  expect(
    stored.map((m) => ({ code: m.code, entityVersion: m.entityVersion })),
    `messages about ${type} ${entityId} ${where}`,
  ).toEqual(expected);
  if (!request.read) return;
  const seen = (await request.read(request.locale))
    .filter((m) => m.entityType === type && m.entityId === entityId)
    .sort((a, b) => a.id - b.id);
  expect(
    seen.map((m) => ({ id: m.id, code: m.code, title: m.title, body: m.body })),
    `the customer's messages about ${type} ${entityId} in ${request.locale} ${where}`,
  ).toEqual(
    stored.map((m) => {
      if (!isCode(m.code)) throw new Error(`message ${m.id} has no known code`);
      return { id: m.id, code: m.code, ...renderMessage(request.locale, m.code, m.params) };
    }),
  );
}
