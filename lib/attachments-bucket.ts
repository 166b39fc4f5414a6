import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/**
 * The files of queued and scheduled mail that would not fit a queue message (issue 27;
 * functions/adapters/s3-attachment-store.ts). Objects are dropped when their mail is sent or cancelled;
 * what is left (a failed mail, kept for a redrive from the dead-letter queue) expires after 45 days: a
 * mail scheduled 30 days ahead, then 14 in the dead-letter queue.
 */
export const attachmentsBucket = (scope: Construct) =>
  new Bucket(scope, 'AttachmentsBucket', {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    lifecycleRules: [{ expiration: Duration.days(45), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: false,
  });

/**
 * What each user of the bucket may do, object actions only (no listing, no bucket reads): the send
 * routes put files, the drainer reads and drops them, a cancel drops them.
 */
export const grantAttachments = (bucket: Bucket, fn: IGrantable, access: 'put' | 'read-delete' | 'delete') => {
  const actions =
    access === 'put'
      ? ['s3:PutObject']
      : access === 'read-delete'
        ? ['s3:GetObject', 's3:DeleteObject']
        : ['s3:DeleteObject'];
  fn.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ effect: Effect.ALLOW, actions, resources: [bucket.arnForObjects('*')] }),
  );
};
