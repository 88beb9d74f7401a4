import { existsSync, readFileSync, readdirSync, utimesSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_HEADER, API_BASE, KYC_UPLOAD_PATH, TOKEN_HEADER } from '../../contract';
import { auditLog, uploads } from '../../server/db/schema';
import { uploadPhoto } from '../../server/modules/kyc/upload-photo';
import { imageQueue, sweepUploads } from '../../server/uploads';
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

  it('refuses a photo declaring more than 24 MP from its header, before any image work', async () => {
    // Small files whose headers claim 27 MP (PNG) and 30 MP (JPEG): what a bomb looks like.
    const png = Buffer.from(await makePng(8, 8));
    png.writeUInt32BE(6000, 16);
    png.writeUInt32BE(4500, 20);
    const jpeg = Buffer.from(await makeJpeg({ width: 8, height: 8 }));
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(5000, sof + 5);
    jpeg.writeUInt16BE(6000, sof + 7);
    const started = imageQueue.stats().started;
    for (const bomb of [png, jpeg]) {
      const body = expectRefusal(
        await uploadRaw(t.app, customer, 'front', bomb),
        'upload.too_many_pixels',
        400,
      );
      expect(body.params).toEqual({ maxMegapixels: 24 });
    }
    expect(imageQueue.stats().started).toBe(started);
  });

  it('stores a large photo scaled to 2560 px on its longest side', async () => {
    const photo = expectSuccess<{ photoId: string; width: number; height: number }>(
      await uploadRaw(t.app, customer, 'front', await makeJpeg({ width: 3000, height: 1500 })),
    );
    expect([photo.width, photo.height]).toEqual([2560, 1280]);
    const meta = await sharp(await t.app.maru.uploads.read(photo.photoId)).metadata();
    expect([meta.width, meta.height]).toEqual([2560, 1280]);
  });

  it('answers system.busy when the image line is full, and holds two photos per customer', async () => {
    const jpeg = await makeJpeg();
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    // One job running and six waiting: the line is full.
    const blockers = Array.from({ length: 7 }, () => imageQueue.run(() => opened));
    await refusedWithoutWrite(uploadRaw(t.app, customer, 'front', jpeg), 'system.busy', 503);
    open();
    await Promise.all(blockers);

    let openOne!: () => void;
    const one = imageQueue.run(() => new Promise<void>((resolve) => (openOne = resolve)));
    const first = uploadRaw(t.app, customer, 'front', jpeg);
    const second = uploadRaw(t.app, customer, 'back', jpeg);
    await new Promise((r) => setTimeout(r, 100));
    expect(imageQueue.stats().waiting).toBe(2);
    expectRefusal(await uploadRaw(t.app, customer, 'front', jpeg), 'request.too_often', 429);
    openOne();
    await one;
    expectSuccess(await first);
    expectSuccess(await second);
  });

  it('answers a stranger, or a declared size over 10 MB, before reading the body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    /** Sends the headers and 1 KB of a body it never finishes; resolves with the status line. */
    const statusLine = (headers: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error('no answer while the body was still coming'));
        }, 3_000);
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1');
          if (answer.includes('\r\n')) {
            clearTimeout(timer);
            socket.destroy();
            resolve(answer.slice(0, answer.indexOf('\r\n')));
          }
        });
        socket.on('error', reject);
        const head = Object.entries({
          host: 'localhost',
          'content-type': 'application/octet-stream',
          ...headers,
        })
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        socket.write(`POST ${API_BASE}${KYC_UPLOAD_PATH}?side=front HTTP/1.1\r\n${head}\r\n`);
        socket.write(Buffer.alloc(1024, 7));
      });
    expect(await statusLine({ 'content-length': String(5_000_000) })).toMatch(/ 401 /);
    const session = { [TOKEN_HEADER]: customer.token, [ACCOUNT_HEADER]: customer.account };
    expect(await statusLine({ 'content-length': String(11 * 1024 * 1024), ...session })).toMatch(
      / 413 /,
    );
  });

  it('leaves no file when the row cannot be written', async () => {
    const before = readdirSync(t.app.maru.uploads.dir).sort();
    // No such customer: the insert fails on its foreign key after the file was staged.
    await expect(
      uploadPhoto(t.app.maru, 2_000_000_000, 'front', await makeJpeg()),
    ).rejects.toThrow();
    expect(readdirSync(t.app.maru.uploads.dir).sort()).toEqual(before);
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

  // Last: it moves the clock a day on, which sweeps every photo not submitted by then.
  it('sweeps files without a row and photos never submitted', async () => {
    const store = t.app.maru.uploads;
    const submitter = await registerCustomer(t.app, t.demoCode);
    const { frontPhotoId, backPhotoId } = await submitKyc(t.app, submitter);
    const idle = await registerCustomer(t.app, t.demoCode);
    const { photoId: unsubmitted } = expectSuccess<{ photoId: string }>(
      await uploadRaw(t.app, idle, 'front', await makeJpeg()),
    );
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const oldOrphan = store.newId();
    await (await store.stage(oldOrphan, Buffer.from('no row'))).commit();
    utimesSync(join(store.dir, oldOrphan), hourAgo, hourAgo);
    const freshOrphan = store.newId();
    await (await store.stage(freshOrphan, Buffer.from('no row yet'))).commit();
    await store.stage(store.newId(), Buffer.from('never committed'));
    const partial = readdirSync(store.dir).find((name) => name.endsWith('.partial')) ?? '';
    utimesSync(join(store.dir, partial), hourAgo, hourAgo);
    const onDisk = (name: string) => existsSync(join(store.dir, name));

    expect(await sweepUploads(t.db, store)).toEqual({ unsubmitted: 0, orphanFiles: 2 });
    expect([onDisk(oldOrphan), onDisk(partial), onDisk(freshOrphan), onDisk(unsubmitted)]).toEqual([
      false,
      false,
      true,
      true,
    ]);

    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const swept = await sweepUploads(t.db, store, dayLater);
    expect(swept.unsubmitted).toBeGreaterThanOrEqual(1);
    const rows = await t.db.select({ id: uploads.id }).from(uploads);
    const ids = rows.map((row) => row.id);
    expect(ids).not.toContain(unsubmitted);
    expect(ids).toEqual(expect.arrayContaining([frontPhotoId, backPhotoId]));
    expect([onDisk(unsubmitted), onDisk(freshOrphan)]).toEqual([false, false]);
    expect((await sharp(await store.read(frontPhotoId)).metadata()).format).toBe('jpeg');
    // Every file left has its row.
    expect(readdirSync(store.dir).sort()).toEqual(ids.sort());
  });
});
