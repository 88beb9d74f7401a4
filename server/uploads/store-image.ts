import type { Database } from '../db/connect';
import { uploads } from '../db/schema';
import { cleanImage } from './image-processing';
import type { ImageShape } from './image-processing';
import type { UploadStore } from './upload-store';

/** A customer's stored image: its upload id and its size after re-encoding. */
export interface StoredImage {
  id: string;
  width: number;
  height: number;
}

/**
 * Checks and re-encodes one customer image (type by signature, size and pixel limits, re-encoded
 * without metadata), stores it encrypted under a random name and records it as the customer's
 * with its purpose. Nothing is written unless the image passed every check. File and row appear
 * together: the file is written under a temporary name, then renamed into place inside the
 * transaction that inserts the row, so a failed insert or rename leaves neither (the staged file
 * is removed); only a crash between rename and commit can leave a file without a row, which the
 * upload sweep removes.
 */
export async function storeImage(
  context: { db: Database; uploads: UploadStore },
  customerId: number,
  purpose: string,
  body: Buffer,
  shape: ImageShape = {},
): Promise<StoredImage> {
  const image = await cleanImage(body, shape);
  const id = context.uploads.newId();
  const staged = await context.uploads.stage(id, image.bytes);
  try {
    await context.db.transaction(async (tx) => {
      await tx.insert(uploads).values({
        id,
        ownerCustomerId: customerId,
        purpose,
        mime: image.mime,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
      });
      await staged.commit();
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  return { id, width: image.width, height: image.height };
}
