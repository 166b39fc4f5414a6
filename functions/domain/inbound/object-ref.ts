/** Where an object lives in object storage (S3 in AWS, fauxqs's S3 locally): the raw mail and its parts. */
export interface ObjectRef {
  bucket: string;
  key: string;
}
