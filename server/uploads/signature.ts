/** The image types an ID photo may be, recognised by their first bytes, never by name or header. */
export type ImageType = 'jpeg' | 'png';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  return null;
}
