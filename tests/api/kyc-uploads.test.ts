import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, uploads } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { Session } from './api-helpers';
import {
  makeJpeg,
  makePng,
  signInNewStaff,
  staffCall,
  submitKyc,
  uploadRaw,
} from './identity-helpers';

describe.each(databaseKinds)('ID photo uploads on %s', (kind) => {
  let t: TestApp;
  let customer: Session;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    customer = await registerCustomer(t.app, t.demoCode);
  });
  afterAll(() => t.close());

  const uploadCount = async () => (await t.db.select({ n: count() }).from(uploads))[0]?.n;
  const filesOnDisk = () => readdirSync(t.app.maru.uploads.dir).length;

  async function refusedWithoutWrite(response: Promise<unknown>, code: string, status: number) {
    const before = [await uploadCount(), filesOnDisk()];
    expectRefusal((await response) as never, code as never, status);
    expect([await uploadCount(), filesOnDisk()]).toEqual(before);
  }

  it('accepts a JPEG and a PNG, stores them encrypted under random names', async () => {
    const jpeg = expectSuccess<{ photoId: string }>(
      await uploadRaw(t.app, customer, 'front', await makeJpeg(), 'image/jpeg'),
    );
    const png = expectSuccess<{ photoId: string; width: number }>(
      await uploadRaw(t.app, customer, 'back', await makePng(80, 60)),
    );
    expect(png.width).toBe(80);
    for (const id of [jpeg.photoId, png.photoId]) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      const stored = readFileSync(join(t.app.maru.uploads.dir, id));
      // Not an image on disk: neither signature is there, and sharp cannot read it.
      expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      await expect(sharp(stored).metadata()).rejects.toThrow();
    }
  });

  it('refuses a file that is not JPEG or PNG, whatever its declared type', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    await refusedWithoutWrite(
      uploadRaw(t.app, customer, 'front', gif, 'image/jpeg'),
      'upload.unsupported_type',
      400,
    );
    const script = Buffer.from('<script>alert(1)</script>');
    await refusedWithoutWrite(
      uploadRaw(t.app, customer, 'front', script, 'image/png'),
      'upload.unsupported_type',
      400,
    );
    // A JPEG signature followed by garbage is not an image either.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    await refusedWithoutWrite(
      uploadRaw(t.app, customer, 'front', fake, 'image/jpeg'),
      'upload.unreadable',
      400,
    );
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(10 * 1024 * 1024, 1)]);
    await refusedWithoutWrite(uploadRaw(t.app, customer, 'front', big), 'upload.too_large', 413);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refusedWithoutWrite(
      uploadRaw(t.app, customer, 'front', bomb),
      'upload.too_many_pixels',
      400,
    );
  });

  it('strips EXIF (GPS included): the stored file, decrypted, has no metadata', async () => {
    const withGps = await makeJpeg({ gps: true });
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { photoId } = expectSuccess<{ photoId: string }>(
      await uploadRaw(t.app, customer, 'front', withGps),
    );
    const plain = await t.app.maru.uploads.read(photoId);
    const meta = await sharp(plain).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(plain.includes(Buffer.from('MaruCam'))).toBe(false);
  });

  it('refuses a missing or unknown side and a missing session', async () => {
    const jpeg = await makeJpeg();
    await refusedWithoutWrite(uploadRaw(t.app, customer, 'left', jpeg), 'request.invalid', 400);
    await refusedWithoutWrite(uploadRaw(t.app, null, 'front', jpeg), 'auth.required', 401);
  });

  it('serves photos only to their owner and to reviewers, logging every view', async () => {
    const owner = await registerCustomer(t.app, t.demoCode);
    const other = await registerCustomer(t.app, t.demoCode);
    const { frontPhotoId, backPhotoId } = await submitKyc(t.app, owner);
    const own = expectSuccess<{ data: string }>(
      await call(t.app, '/kyc/photo', { photoId: frontPhotoId }, { session: owner }),
    );
    expect((await sharp(Buffer.from(own.data, 'base64')).metadata()).format).toBe('jpeg');
    expectRefusal(
      await call(t.app, '/kyc/photo', { photoId: frontPhotoId }, { session: other }),
      'kyc.photo_not_found',
      404,
      'photoId',
    );
    // Another customer cannot submit someone else's photos as theirs.
    expectRefusal(
      await call(
        t.app,
        '/kyc/submit',
        { realName: '김철수', idNumber: '850505-2', frontPhotoId, backPhotoId },
        { session: other },
      ),
      'kyc.photo_not_found',
      400,
      'frontPhotoId',
    );
    const [ownerRow] = await t.db
      .select({ id: uploads.ownerCustomerId })
      .from(uploads)
      .where(eq(uploads.id, frontPhotoId));
    const customerId = ownerRow?.id ?? 0;
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    expectRefusal(
      await staffCall(t.app, '/kyc/detail', { customerId }, operator.token),
      'staff.forbidden',
      403,
    );
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const detail = expectSuccess<{ front: { data: string }; back: { data: string } }>(
      await staffCall(t.app, '/kyc/detail', { customerId }, reviewer.token),
    );
    expect(detail.front.data.length).toBeGreaterThan(100);
    const views = await t.db.select().from(auditLog).where(eq(auditLog.action, 'kyc.photo.view'));
    const entities = views.map((v) => `${v.actorKind}:${v.actorId}>${v.entity}`);
    expect(entities).toContain(`customer:${customerId}>upload:${frontPhotoId}`);
    expect(entities).toContain(`staff:${reviewer.id}>upload:${frontPhotoId}`);
    expect(entities).toContain(`staff:${reviewer.id}>upload:${backPhotoId}`);
  });
});
