import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NewsImageDto } from '../../../contract';
import {
  NEWS_IMAGE_ID_PATTERN,
  NEWS_IMAGE_MAX_BYTES,
  NEWS_IMAGE_PATH,
  newsImageUrl,
} from '../../../contract';
import type { Database } from '../../db/connect';
import { newsImages } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { cleanImage } from '../../uploads';

/**
 * News images: staff upload a cover or a body image, the upload pipeline checks it (type by
 * signature, size and pixel limits) and re-encodes it without metadata (server/uploads), and it is
 * kept in `news_images`. Customers' screens load it by URL; body HTML may point only here
 * (sanitise-body.ts).
 */
export async function uploadNewsImage(
  db: Database,
  staffId: number,
  base64: string,
): Promise<NewsImageDto> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > NEWS_IMAGE_MAX_BYTES) {
    throw new ApiRefusal('upload.too_large', { maxMb: NEWS_IMAGE_MAX_BYTES / (1024 * 1024) });
  }
  const image = await cleanImage(bytes);
  const id = randomBytes(16).toString('hex');
  await db.insert(newsImages).values({
    id,
    uploadedBy: staffId,
    mime: image.mime,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
  });
  return { id, url: newsImageUrl(id), width: image.width, height: image.height };
}

/**
 * `GET /media/news/:id`: the image's bytes. Public like the articles that show it (an
 * <img> sends no session headers); ids are 128 random bits, never listed.
 */
export function registerNewsImageRoute(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>(`${NEWS_IMAGE_PATH}/:id`, async (request, reply) => {
    const id = request.params.id;
    if (!NEWS_IMAGE_ID_PATTERN.test(id)) throw new ApiRefusal('news.image_not_found');
    const [row] = await app.maru.db
      .select({ mime: newsImages.mime, bytes: newsImages.bytes })
      .from(newsImages)
      .where(eq(newsImages.id, id));
    if (!row) throw new ApiRefusal('news.image_not_found');
    return reply
      .header('content-type', row.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(row.bytes);
  });
}
