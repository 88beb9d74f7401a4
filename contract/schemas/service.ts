import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import {
  CHECK_IN_REWARD_KINDS,
  CHECK_IN_REWARD_MAX_REQUIRED,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  NICKNAME_PATTERN,
} from '../service';
import type { CheckInRewardKind } from '../service';
import { requiredText, strictObject } from './fields';
import { REASON_MAX_LENGTH, oneOf, positiveId } from './staff';

/** Daily check-in, profile and seat accounts (issue 13, docs/service.md). */
const code = (c: ErrorCode) => c;
const count = () => number().integer().required();
const version = () => positiveId().min(0, code('request.invalid'));

// --- Daily check-in --------------------------------------------------------------------------

export const checkInRewardDto = object({
  id: count(),
  title: string().required(),
  kind: mixed<CheckInRewardKind>()
    .oneOf([...CHECK_IN_REWARD_KINDS])
    .required(),
  checkInsRequired: count(),
});
export type CheckInRewardDto = InferType<typeof checkInRewardDto>;

export const checkInStatusResponse = object({
  /** Today's date in Seoul (YYYY-MM-DD), by the server's clock. */
  today: string().required(),
  checkedInToday: boolean().required(),
  /** Consecutive days ending today, or yesterday when today is still open; 0 once broken. */
  streak: count(),
  /** Check-ins ever, and those not yet spent on rewards. */
  total: count(),
  unspent: count(),
  points: count(),
  /** The last seven Seoul days, oldest first, and whether each has a check-in. */
  week: array(object({ date: string().required(), checkedIn: boolean().required() })).required(),
  rewards: array(checkInRewardDto).required(),
  /** Commission coupons not used yet. */
  coupons: count(),
  redemptions: array(
    object({
      id: count(),
      title: string().required(),
      kind: mixed<CheckInRewardKind>()
        .oneOf([...CHECK_IN_REWARD_KINDS])
        .required(),
      checkInsSpent: count(),
      /** The order whose commission the coupon paid; null while unused. */
      usedOrderId: number().integer().nullable().defined(),
      createdAt: string().required(),
    }),
  ).required(),
});
export type CheckInStatusDto = InferType<typeof checkInStatusResponse>;

export const checkInRedeemRequest = strictObject({ rewardId: positiveId() });
export type CheckInRedeemRequest = InferType<typeof checkInRedeemRequest>;

const rewardTitle = () => requiredText(60).matches(/\S/, code('request.required'));
const checkInsRequired = () =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(CHECK_IN_REWARD_MAX_REQUIRED, code('request.invalid'));

export const checkInRewardCreateRequest = strictObject({
  title: rewardTitle(),
  kind: oneOf(CHECK_IN_REWARD_KINDS),
  checkInsRequired: checkInsRequired(),
});
export type CheckInRewardCreateRequest = InferType<typeof checkInRewardCreateRequest>;

export const checkInRewardUpdateRequest = strictObject({
  id: positiveId(),
  title: rewardTitle(),
  checkInsRequired: checkInsRequired(),
  active: boolean().typeError(code('request.wrong_type')).required(code('request.required')),
});
export type CheckInRewardUpdateRequest = InferType<typeof checkInRewardUpdateRequest>;

export const checkInRewardsResponse = object({
  rows: array(
    checkInRewardDto.shape({
      active: boolean().required(),
      /** How many times customers have taken it. */
      redeemed: count(),
      updatedAt: string().required(),
    }),
  ).required(),
});
export type CheckInRewardsDto = InferType<typeof checkInRewardsResponse>;

// --- Seat accounts ---------------------------------------------------------------------------

export const seatStatusResponse = object({
  ...lifecycleStatusFields,
  rejectionReason: string().nullable().defined(),
  /** The commission an approved seat account's orders pay, in millionths of the notional. */
  commissionPpm: count(),
});
export type SeatStatusDto = InferType<typeof seatStatusResponse>;

export const seatQueueResponse = object({
  rows: array(
    object({
      id: count(),
      customerId: count(),
      account: string().required(),
      accountId: string().required(),
      kycState: string().required(),
      ...lifecycleStatusFields,
      updatedAt: string().required(),
    }),
  ).required(),
  commissionPpm: count(),
});
export type SeatQueueDto = InferType<typeof seatQueueResponse>;

export const seatApproveRequest = strictObject({ id: positiveId(), version: version() });
export const seatRejectRequest = strictObject({
  id: positiveId(),
  version: version(),
  reason: requiredText(REASON_MAX_LENGTH),
});

// --- Profile ---------------------------------------------------------------------------------

export const profileResponse = object({
  account: string().required(),
  /** The login name with its middle hidden, as the profile shows it. */
  accountMasked: string().required(),
  accountId: string().required(),
  nickname: string().nullable().defined(),
  /** The avatar as a data: URL (a small JPEG), or null. */
  avatar: string().nullable().defined(),
  /** The KYC lifecycle's state (machines/kyc.ts). */
  kycState: string().required(),
  institution: string().required(),
  seat: seatStatusResponse.required(),
});
export type ProfileDto = InferType<typeof profileResponse>;

export const nicknameRequest = strictObject({
  nickname: requiredText(64)
    .min(NICKNAME_MIN_LENGTH, code('profile.nickname_invalid'))
    .max(NICKNAME_MAX_LENGTH, code('profile.nickname_invalid'))
    .matches(NICKNAME_PATTERN, code('profile.nickname_invalid')),
});
export type NicknameRequest = InferType<typeof nicknameRequest>;

export const AVATAR_UPLOAD_PATH = '/user/avatar';
/** The avatar upload takes no query parameters. */
export const avatarUploadQuery = strictObject({});
export const avatarUploadResponse = object({
  avatar: string().required(),
  width: count(),
  height: count(),
});
export type AvatarUploadDto = InferType<typeof avatarUploadResponse>;
