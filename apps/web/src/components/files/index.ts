export { FileList } from './file-list';
export { FileUpload } from './file-upload';
