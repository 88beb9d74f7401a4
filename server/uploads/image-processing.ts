import sharp from 'sharp';
import { KYC_PHOTO_MAX_BYTES, KYC_PHOTO_MAX_PIXELS } from '../../contract';
import { ApiRefusal } from '../http/refusal';
import { declaredDimensions } from './image-header';
import { imageTypeOf } from './signature';
import type { WorkQueue } from './work-queue';
import { QueueFullError, createWorkQueue } from './work-queue';

export interface CleanImage {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

/** How the image is stored: as it is (longest side capped), or cropped to a square of `square` px. */
export interface ImageShape {
  square?: number;
}

/** The stored photo's longest side: plenty to read an ID card, a fraction of the encoding cost. */
export const STORED_MAX_EDGE = 2560;

// One libvips thread per image and no operation cache: image work stays on one core and frees its
// memory when done. (Process-wide settings of sharp; only this module uses sharp.)
sharp.concurrency(1);
sharp.cache(false);

/**
 * Every decode goes through this line: one at a time, a few waiting, the rest refused with
 * system.busy. sharp runs on libuv's thread pool, where argon2 (login) and file I/O also run; with
 * one image at a time three of its four threads stay free for them, and a burst of uploads costs
 * one core and one image's memory instead of all of them.
 */
export const imageQueue: WorkQueue = createWorkQueue({ concurrency: 1, maxWaiting: 6 });

const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);
const tooManyPixels = () =>
  new ApiRefusal('upload.too_many_pixels', { maxMegapixels: KYC_PHOTO_MAX_PIXELS / 1_000_000 });

/**
 * Checks an uploaded photo and re-encodes it: JPEG or PNG by signature only, at most 10 MB, at
 * most 24 megapixels as its header declares (read here, so a bomb is refused before sharp sees
 * it; sharp's limitInputPixels stays as a second check), turned upright by its EXIF orientation,
 * scaled down to STORED_MAX_EDGE and written as a fresh JPEG without any metadata (so no GPS
 * position, camera or software tag survives).
 */
export async function cleanImage(input: Buffer, shape: ImageShape = {}): Promise<CleanImage> {
  if (input.length > KYC_PHOTO_MAX_BYTES)
    throw new ApiRefusal('upload.too_large', { maxMb: MAX_MB });
  const type = imageTypeOf(input);
  if (type === null) throw new ApiRefusal('upload.unsupported_type');
  const declared = declaredDimensions(input, type);
  if (declared === null) throw new ApiRefusal('upload.unreadable');
  if (declared.width * declared.height > KYC_PHOTO_MAX_PIXELS) throw tooManyPixels();

  try {
    return await imageQueue.run(async () => {
      const { data, info } = await sharp(input, {
        limitInputPixels: KYC_PHOTO_MAX_PIXELS,
        failOn: 'error',
      })
        .rotate()
        .resize(
          shape.square === undefined
            ? {
                width: STORED_MAX_EDGE,
                height: STORED_MAX_EDGE,
                fit: 'inside',
                withoutEnlargement: true,
              }
            : // An avatar: the centre square, scaled to its size either way.
              { width: shape.square, height: shape.square, fit: 'cover', position: 'centre' },
        )
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, mime: 'image/jpeg', width: info.width, height: info.height };
    });
  } catch (error) {
    throw asRefusal(error);
  }
}

function asRefusal(error: unknown): ApiRefusal {
  if (error instanceof ApiRefusal) return error;
  if (error instanceof QueueFullError) return new ApiRefusal('system.busy', {}, 503);
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  return new ApiRefusal('upload.unreadable');
}
