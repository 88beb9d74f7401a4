import type { FastifyInstance } from 'fastify';
import type { Locale, MessageDto, MsgListDto } from '../../contract';
import { LANGUAGE_HEADER, LANGUAGES } from '../../contract';
import type { Session } from './api-helpers';
import { call, expectSuccess } from './api-helpers';

/** The header value that asks for `locale` (the stored language code the client sends). */
export const langHeader = (locale: Locale) => ({
  [LANGUAGE_HEADER]: LANGUAGES.find((l) => l.locale === locale)?.stored ?? 'kor',
});

/** The customer's messages (first 100, newest first) in `locale`, as `/user/msgList` answers. */
export async function readMessages(
  app: FastifyInstance,
  session: Session,
  locale: Locale = 'ko',
): Promise<MessageDto[]> {
  const answer = expectSuccess<MsgListDto>(
    await call(app, '/user/msgList', { pageSize: 100 }, { session, headers: langHeader(locale) }),
  );
  return answer.items;
}
