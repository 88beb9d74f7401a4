import type { ImageType } from './signature';

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * The dimensions an image declares in its header, read from the bytes without decoding anything
 * (and without sharp): PNG's IHDR chunk, or a JPEG's first start-of-frame segment. Null when the
 * header is missing or malformed. A bomb is judged by these numbers before any pixel work.
 */
export function declaredDimensions(bytes: Buffer, type: ImageType): Dimensions | null {
  const dimensions = type === 'png' ? pngDimensions(bytes) : jpegDimensions(bytes);
  return dimensions && dimensions.width > 0 && dimensions.height > 0 ? dimensions : null;
}

/** Signature (8), then the IHDR chunk: length (4), "IHDR", width (4), height (4), big-endian. */
function pngDimensions(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Walks the marker segments after SOI, skipping each by its length (so an EXIF thumbnail inside
 * APP1 is never mistaken for the image), up to the first SOF: length (2), precision (1),
 * height (2), width (2).
 */
function jpegDimensions(bytes: Buffer): Dimensions | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    // Markers without a length: TEM and RST0–7 (SOI/EOI do not belong here).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) return null; // no frame before data
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length || length < 7) return null;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}
