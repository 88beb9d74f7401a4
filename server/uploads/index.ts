export { cleanImage } from './image-processing';
export type { CleanImage } from './image-processing';
export { openUploadStore } from './upload-store';
export type { UploadStore } from './upload-store';
export { imageTypeOf } from './signature';
