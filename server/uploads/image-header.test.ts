import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { declaredDimensions } from './image-header';

/** A JPEG with an EXIF block (which may hold a thumbnail with its own size) before its frame. */
const jpeg = (width: number, height: number, progressive = false) =>
  sharp({ create: { width, height, channels: 3, background: '#446688' } })
    .withExif({ IFD0: { Make: 'MaruCam' } })
    .jpeg({ progressive })
    .toBuffer();

describe('declaredDimensions', () => {
  it('reads a PNG IHDR and a baseline or progressive JPEG frame header', async () => {
    const png = await sharp({ create: { width: 37, height: 21, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    expect(declaredDimensions(png, 'png')).toEqual({ width: 37, height: 21 });
    expect(declaredDimensions(await jpeg(53, 29), 'jpeg')).toEqual({ width: 53, height: 29 });
    expect(declaredDimensions(await jpeg(40, 90, true), 'jpeg')).toEqual({ width: 40, height: 90 });
  });

  it('gives the size a header claims, however small the file (what a bomb looks like)', async () => {
    const png = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(90_000, 20);
    expect(declaredDimensions(png, 'png')).toEqual({ width: 100_000, height: 90_000 });
  });

  it('returns null for a truncated or malformed header', async () => {
    const good = await jpeg(16, 16);
    expect(declaredDimensions(good.subarray(0, 20), 'jpeg')).toBeNull();
    expect(
      declaredDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1, 2]), 'jpeg'),
    ).toBeNull();
    // Scan data (SOS) before any frame header.
    expect(
      declaredDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 8, 0, 0, 0, 0]), 'jpeg'),
    ).toBeNull();
    const png = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(declaredDimensions(png.subarray(0, 20), 'png')).toBeNull();
    png.write('IDAT', 12, 'latin1');
    expect(declaredDimensions(png, 'png')).toBeNull();
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(0, 16);
    expect(declaredDimensions(png, 'png')).toBeNull();
  });
});
