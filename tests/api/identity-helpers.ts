import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import sharp from 'sharp';
import type { StaffRole } from '../../contract';
import {
  ACCOUNT_HEADER,
  API_BASE,
  KYC_UPLOAD_PATH,
  STAFF_API_BASE,
  STAFF_TOKEN_HEADER,
} from '../../contract';
import type { Database } from '../../server/db/connect';
import { createStaffAccount } from '../../server/modules/staff/accounts/create-staff-account';
import type { Session } from './api-helpers';
import { call, expectSuccess } from './api-helpers';

/** A small photo made at test time; `gps` adds a camera make and a GPS position to its EXIF. */
export async function makeJpeg(
  options: { width?: number; height?: number; gps?: boolean } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: '#88aacc',
    },
  }).jpeg();
  if (options.gps) {
    image.withExif({
      IFD0: { Make: 'MaruCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 40/1',
      },
    });
  }
  return image.toBuffer();
}

export function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
}

/** POSTs raw bytes to the photo upload. */
export function uploadRaw(
  app: FastifyInstance,
  session: Session | null,
  side: string,
  body: Buffer,
  contentType = 'application/octet-stream',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_BASE}${KYC_UPLOAD_PATH}?side=${encodeURIComponent(side)}`,
    body,
    headers: {
      'content-type': contentType,
      ...(session ? { token: session.token, [ACCOUNT_HEADER]: session.account } : {}),
    },
  });
}

export async function uploadPhoto(
  app: FastifyInstance,
  session: Session,
  side: 'front' | 'back',
): Promise<string> {
  const data = expectSuccess<{ photoId: string }>(
    await uploadRaw(app, session, side, await makeJpeg()),
  );
  return data.photoId;
}

/** Uploads both photos and submits; returns the photo ids. */
export async function submitKyc(app: FastifyInstance, session: Session, idNumber = '900101-1') {
  const frontPhotoId = await uploadPhoto(app, session, 'front');
  const backPhotoId = await uploadPhoto(app, session, 'back');
  const response = await call(
    app,
    '/kyc/submit',
    { realName: '홍길동', idNumber, frontPhotoId, backPhotoId },
    { session },
  );
  return { response, frontPhotoId, backPhotoId };
}

/** POSTs JSON to a back-office call. */
export function staffCall(
  app: FastifyInstance,
  path: string,
  payload: unknown = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${STAFF_API_BASE}${path}`,
    payload: payload as Record<string, unknown>,
    headers: { ...(token ? { [STAFF_TOKEN_HEADER]: token } : {}), ...headers },
  });
}

export const STAFF_PASSWORD = 'staff-lantern-7781';

export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  return secret;
}

export interface SignedInStaff {
  id: number;
  account: string;
  token: string;
  secret: string;
}

let staffCounter = 0;

/**
 * Creates a staff member and goes through the whole first sign-in: one-time password, TOTP
 * enrolment with an otplib code, password change. Returns a full session.
 */
export async function signInNewStaff(
  app: FastifyInstance,
  db: Database,
  role: StaffRole,
): Promise<SignedInStaff> {
  staffCounter += 1;
  const account = `${role}${staffCounter}_${Math.random().toString(36).slice(2, 6)}`;
  const created = await createStaffAccount(db, { account, role });
  const login = expectSuccess<{ token: string; next: string }>(
    await staffCall(app, '/auth/login', { account, password: created.oneTimePassword }),
  );
  const enrol = expectSuccess<{ otpauthUri: string }>(
    await staffCall(app, '/auth/enrol', {}, login.token),
  );
  const secret = secretOf(enrol.otpauthUri);
  expectSuccess(
    await staffCall(app, '/auth/verify', { code: await generate({ secret }) }, login.token),
  );
  expectSuccess(
    await staffCall(
      app,
      '/auth/changePassword',
      {
        oldPassword: created.oneTimePassword,
        password: STAFF_PASSWORD,
        confirmPassword: STAFF_PASSWORD,
      },
      login.token,
    ),
  );
  return { id: created.id, account, token: login.token, secret };
}
