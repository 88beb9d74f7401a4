import { AVATAR_UPLOAD_PATH } from '../../contract/schemas/service';
import type { AvatarUploadDto } from '../../contract/schemas/service';
import { uploadImage } from './uploadImage';

/** Uploads the avatar as its raw bytes, like the KYC photo (uploadImage). */
export function uploadAvatar(file: Blob): Promise<AvatarUploadDto> {
  return uploadImage<AvatarUploadDto>(AVATAR_UPLOAD_PATH, file, {});
}
