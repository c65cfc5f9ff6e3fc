export { FileList } from './file-list';
export { FileUpload } from './file-upload';
export { AttachmentImage } from './attachment-image';
