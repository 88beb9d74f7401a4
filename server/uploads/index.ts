export { cleanImage, imageQueue, STORED_MAX_EDGE } from './image-processing';
export type { CleanImage, ImageShape } from './image-processing';
export { declaredDimensions } from './image-header';
export { openUploadStore } from './upload-store';
export type { StagedUpload, StoredFile, UploadStore } from './upload-store';
export {
  ORPHAN_FILE_GRACE_MS,
  UNSUBMITTED_PHOTO_MAX_AGE_MS,
  startUploadSweep,
  sweepUploads,
} from './upload-sweep';
export type { UploadSweepResult } from './upload-sweep';
export { imageTypeOf } from './signature';
export { storeImage } from './store-image';
export type { StoredImage } from './store-image';
