import { mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { existingPassword, requiredText, strictObject } from './fields';
import { lifecycleStatusFields } from '../lifecycles';

/**
 * Real-name verification and the fund password, as the customer sends them. Messages are error
 * codes (locales/<lang>/errors.json).
 */
const code = (c: ErrorCode) => c;
/**
 * Photo limits: a phone photo fits easily (12 MP is 4032 × 3024; 24 MP is 6000 × 4000); anything
 * past them is refused from its declared size, before decoding. Decoding costs CPU and memory by
 * pixels, not by bytes: a few KB of PNG can declare 40 MP.
 */
export const KYC_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const KYC_PHOTO_MAX_PIXELS = 24_000_000;
export const KYC_PHOTO_SIDES = ['front', 'back'] as const;
export type KycPhotoSide = (typeof KYC_PHOTO_SIDES)[number];

/**
 * The photo upload is not a JSON call: the body is the image's bytes (any content type but
 * JSON; the server trusts only the signature bytes), the side is in the query string, e.g.
 * `POST /api/vue/kyc/upload?side=front`. One request per photo, so the client can show progress.
 */
export const KYC_UPLOAD_PATH = '/kyc/upload';
export const kycUploadQuery = strictObject({
  side: mixed<KycPhotoSide>()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...KYC_PHOTO_SIDES], code('request.invalid')),
});
export const kycUploadResponse = object({
  photoId: string().required(),
  side: mixed<KycPhotoSide>()
    .oneOf([...KYC_PHOTO_SIDES])
    .required(),
  width: number().integer().required(),
  height: number().integer().required(),
});
export type KycUploadDto = InferType<typeof kycUploadResponse>;

/** Letters of any script with spaces, dots, middle dots, apostrophes and hyphens between them. */
const REAL_NAME = /^\p{L}[\p{L}\p{M} .·'-]*\p{L}$/u;

/**
 * The first 6 digits (birth date YYMMDD) and the 7th (sex and century) of a resident or
 * foreigner registration number; the hyphen is optional. 1, 2, 5, 6: 1900s; 3, 4, 7, 8: 2000s.
 */
export const ID_NUMBER_PATTERN = /^(\d{2})(\d{2})(\d{2})-?([1-8])$/;

export function isValidIdNumber(value: string): boolean {
  const match = ID_NUMBER_PATTERN.exec(value);
  if (!match) return false;
  const [, yy, mm, dd, digit] = match;
  const century = ['1', '2', '5', '6'].includes(digit ?? '') ? 1900 : 2000;
  const year = century + Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The stored form: `YYMMDD-D`, whatever the customer typed. */
export function normaliseIdNumber(value: string): string {
  const digits = value.replace('-', '');
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

export const idNumber = () =>
  requiredText(8).test('id-number', code('kyc.invalid_id_number'), (v) => isValidIdNumber(v ?? ''));

export const kycSubmitRequest = strictObject({
  realName: requiredText(50)
    .min(2, code('kyc.invalid_name'))
    .matches(REAL_NAME, {
      message: code('kyc.invalid_name'),
      excludeEmptyString: true,
    }),
  idNumber: idNumber(),
  frontPhotoId: requiredText(64),
  backPhotoId: requiredText(64),
});
export type KycSubmitRequest = InferType<typeof kycSubmitRequest>;

export const kycPhotoRequest = strictObject({ photoId: requiredText(64) });
export type KycPhotoRequest = InferType<typeof kycPhotoRequest>;

export const kycPhotoResponse = object({
  photoId: string().required(),
  mime: string().required(),
  /** The re-encoded image, base64; an <img src="data:…"> shows it. */
  data: string().required(),
});
export type KycPhotoDto = InferType<typeof kycPhotoResponse>;

export const kycStatusResponse = object({
  /** State, version and the events the customer may send now (from the machine). */
  ...lifecycleStatusFields,
  /** Why the last submission was rejected; null unless the state is `rejected`. */
  rejectionReason: string().nullable().defined(),
  submissions: number().integer().required(),
  realName: string().nullable().defined(),
  idNumber: string().nullable().defined(),
  frontPhotoId: string().nullable().defined(),
  backPhotoId: string().nullable().defined(),
});
export type KycStatusDto = InferType<typeof kycStatusResponse>;

// Fund password

export const FUND_PASSWORD_PATTERN = /^\d{6}$/;
const fundPassword = () =>
  requiredText(6).matches(FUND_PASSWORD_PATTERN, {
    message: code('fund_password.invalid'),
    excludeEmptyString: true,
  });
const confirmation = () =>
  requiredText(6).test(
    'same',
    code('fund_password.mismatch'),
    (value, ctx) => value === (ctx.parent as { fundPassword?: unknown }).fundPassword,
  );

export const fundPasswordSetRequest = strictObject({
  fundPassword: fundPassword(),
  confirmFundPassword: confirmation(),
});
export type FundPasswordSetRequest = InferType<typeof fundPasswordSetRequest>;

export const fundPasswordChangeRequest = strictObject({
  oldFundPassword: requiredText(6),
  fundPassword: fundPassword().test(
    'differs',
    code('fund_password.same'),
    (value, ctx) => value !== (ctx.parent as { oldFundPassword?: unknown }).oldFundPassword,
  ),
  confirmFundPassword: confirmation(),
});
export type FundPasswordChangeRequest = InferType<typeof fundPasswordChangeRequest>;

/**
 * Forgotten fund password: the login password and the ID number on file. Only a verified
 * customer can reset (kyc.required otherwise): before verification there is nothing on file to
 * re-check, and the fund password guards nothing yet (withdrawals need verification).
 */
export const fundPasswordResetRequest = strictObject({
  password: existingPassword(),
  idNumber: idNumber(),
  fundPassword: fundPassword(),
  confirmFundPassword: confirmation(),
});
export type FundPasswordResetRequest = InferType<typeof fundPasswordResetRequest>;
