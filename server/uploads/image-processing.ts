import sharp from 'sharp';
import { KYC_PHOTO_MAX_BYTES, KYC_PHOTO_MAX_PIXELS } from '../../contract';
import { ApiRefusal } from '../http/refusal';
import { imageTypeOf } from './signature';

export interface CleanImage {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);
const tooManyPixels = () =>
  new ApiRefusal('upload.too_many_pixels', { maxMegapixels: KYC_PHOTO_MAX_PIXELS / 1_000_000 });

/**
 * Checks an uploaded photo and re-encodes it: JPEG or PNG by signature only, at most 10 MB and
 * 40 megapixels (sharp's limitInputPixels stops decompression bombs before decoding), turned
 * upright by its EXIF orientation and written as a fresh JPEG without any metadata (so no GPS
 * position, camera or software tag survives).
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  if (input.length > KYC_PHOTO_MAX_BYTES)
    throw new ApiRefusal('upload.too_large', { maxMb: MAX_MB });
  const type = imageTypeOf(input);
  if (type === null) throw new ApiRefusal('upload.unsupported_type');
  const options = { limitInputPixels: KYC_PHOTO_MAX_PIXELS, failOn: 'error' } as const;

  let width: number;
  let height: number;
  try {
    // The header alone: a bomb is refused here without decoding a pixel.
    const meta = await sharp(input, options).metadata();
    if (meta.format !== type) throw new ApiRefusal('upload.unsupported_type');
    width = meta.width;
    height = meta.height;
  } catch (error) {
    throw asRefusal(error);
  }
  if (width * height > KYC_PHOTO_MAX_PIXELS) throw tooManyPixels();

  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw asRefusal(error);
  }
}

function asRefusal(error: unknown): ApiRefusal {
  if (error instanceof ApiRefusal) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  return new ApiRefusal('upload.unreadable');
}
