import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ACCOUNT_HEADER,
  API_BASE,
  KYC_UPLOAD_PATH,
  RECHARGE_VOUCHER_PATH,
  TOKEN_HEADER,
} from '../../contract';
import type { Database } from '../../server/db/connect';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectSuccess, registerCustomer } from './api-helpers';
import { makeJpeg, staffCall } from './identity-helpers';

let address = 0;
/**
 * A fresh client address per upload: both upload routes are rate-limited per address (30 a
 * minute), which a test file making many verified customers would otherwise meet.
 */
function nextAddress(): string {
  address += 1;
  return `10.77.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
}

async function uploadIdPhoto(app: FastifyInstance, session: Session, side: string) {
  const response = await app.inject({
    method: 'POST',
    url: `${API_BASE}${KYC_UPLOAD_PATH}?side=${side}`,
    body: await makeJpeg(),
    remoteAddress: nextAddress(),
    headers: {
      'content-type': 'image/jpeg',
      [TOKEN_HEADER]: session.token,
      [ACCOUNT_HEADER]: session.account,
    },
  });
  return expectSuccess<{ photoId: string }>(response).photoId;
}

/** Deposits' tests: verified customers, vouchers, multipart bodies. */

/** Registered and verified as 홍길동 (a reviewer approves the submission). */
export async function verifiedCustomer(
  app: FastifyInstance,
  db: Database,
  demoCode: string,
  reviewerToken: string,
): Promise<{ session: Session; id: number }> {
  const session = await registerCustomer(app, demoCode);
  const body = {
    realName: '홍길동',
    idNumber: '900101-1',
    frontPhotoId: await uploadIdPhoto(app, session, 'front'),
    backPhotoId: await uploadIdPhoto(app, session, 'back'),
  };
  expectSuccess(await call(app, '/kyc/submit', body, { session }));
  const id = await customerIdOf(db, session);
  expectSuccess(await staffCall(app, '/kyc/approve', { customerId: id }, reviewerToken));
  return { session, id };
}

/** POSTs a body to the voucher upload. */
export function postVoucher(
  app: FastifyInstance,
  session: Session | null,
  body: Buffer,
  contentType = 'application/octet-stream',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_BASE}${RECHARGE_VOUCHER_PATH}`,
    body,
    remoteAddress: nextAddress(),
    headers: {
      'content-type': contentType,
      ...(session ? { [TOKEN_HEADER]: session.token, [ACCOUNT_HEADER]: session.account } : {}),
    },
  });
}

export async function uploadVoucher(app: FastifyInstance, session: Session): Promise<string> {
  return expectSuccess<{ voucherId: string }>(await postVoucher(app, session, await makeJpeg()))
    .voucherId;
}

/** A multipart/form-data body with the given parts, as a browser's form sends it. */
export function multipartBody(
  boundary: string,
  parts: { name: string; filename?: string; type?: string; data: Buffer }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${
      part.filename === undefined ? '' : `; filename="${part.filename}"`
    }`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      part.type ? `Content-Type: ${part.type}\r\n` : ''
    }\r\n`;
    chunks.push(Buffer.from(head, 'latin1'), part.data, Buffer.from('\r\n', 'latin1'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return Buffer.concat(chunks);
}
