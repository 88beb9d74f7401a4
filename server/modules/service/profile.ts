import { eq } from 'drizzle-orm';
import type { NicknameRequest, ProfileDto } from '../../../contract';
import { maskAccount } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import { customerProfiles, customers, institutions } from '../../db/schema';
import { avatarDataUrl } from './avatar';
import { seatStatus } from './seat';

/**
 * `/information/userInfo` (docs/service.md): the avatar, nickname, masked account, identity
 * state, institution and the seat account, read fresh (the session's copy of the customer may
 * predate an avatar just uploaded).
 */
export async function profile(maru: AppContext, session: LiveSession): Promise<ProfileDto> {
  const customerId = session.customer.id;
  const [row] = await maru.db
    .select({
      account: customers.account,
      accountId: customers.accountId,
      avatar: customers.avatar,
      kycState: customers.kycState,
      institution: institutions.name,
      nickname: customerProfiles.nickname,
    })
    .from(customers)
    .innerJoin(institutions, eq(institutions.id, customers.institutionId))
    .leftJoin(customerProfiles, eq(customerProfiles.customerId, customers.id))
    .where(eq(customers.id, customerId));
  if (!row) throw new Error(`customer ${customerId} of a live session has no row`);
  return {
    account: row.account,
    accountMasked: maskAccount(row.account),
    accountId: row.accountId,
    nickname: row.nickname ?? null,
    avatar: await avatarDataUrl(maru, row.avatar),
    kycState: row.kycState,
    institution: row.institution,
    seat: await seatStatus(maru, customerId),
  };
}

export async function setNickname(
  maru: AppContext,
  session: LiveSession,
  body: NicknameRequest,
): Promise<ProfileDto> {
  const now = maru.clock.now();
  const nickname = body.nickname.trim();
  await maru.db
    .insert(customerProfiles)
    .values({ customerId: session.customer.id, nickname, updatedAt: now })
    .onConflictDoUpdate({
      target: customerProfiles.customerId,
      set: { nickname, updatedAt: now },
    });
  return profile(maru, session);
}
