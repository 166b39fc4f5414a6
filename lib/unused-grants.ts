import { ITEM_READ_ACTIONS, ITEM_WRITE_ACTIONS } from './table-access';

/**
 * Why a function holds an action no test makes it call (least privilege: every grant is used, or its
 * reason is here). The IAM test (test/iam/iam.test.ts) fails, on a whole run, on an unused grant with
 * no reason, and `npm run iam-report` writes these reasons into docs/iam.md. Keys are IAM actions;
 * a function's own entry (by handler name) wins over the shared one.
 */
const tableSet =
  "a table grant comes as a set: a level ('read', 'write': CDK's grantReadData / grantReadWriteData) or, for a " +
  'narrowed route, the item actions of lib/table-access.ts; the function uses part of it';
const wholeTable =
  "CDK's grantReadData / grantReadWriteData include it for a whole-table grant; no function scans, reads a " +
  'stream (the table has none) or describes the table';
const trigger =
  "Lambda's SQS trigger receives, deletes and hides the queue's messages with the function's own role; the " +
  "tests' stand-in (local/sqs-trigger-stand-in.ts) does it unrecorded";

export const SHARED_REASONS: Record<string, string> = {
  ...Object.fromEntries([...ITEM_READ_ACTIONS, ...ITEM_WRITE_ACTIONS].map((action) => [action, tableSet])),
  'dynamodb:Scan': wholeTable,
  'dynamodb:GetRecords': wholeTable,
  'dynamodb:GetShardIterator': wholeTable,
  'dynamodb:DescribeTable': wholeTable,
  'secretsmanager:DescribeSecret':
    "CDK's Secret.grantRead includes it; the functions only read the value (GetSecretValue)",
  'sqs:GetQueueUrl':
    "CDK's grantSendMessages / grantConsumeMessages include it; the functions address each queue by the URL in " +
    'their environment',
  'sqs:GetQueueAttributes': `CDK's queue grants include it, and ${trigger}`,
  'sqs:ReceiveMessage': trigger,
  'sqs:DeleteMessage': trigger,
  'sqs:ChangeMessageVisibility': trigger,
  'ses:SendRawEmail':
    'in the one SES statement beside ses:SendEmail (lib/email-service-stack.ts): SES v2 sends raw MIME under it; ' +
    'the service sends simple content today',
};

const otpKeyOnly =
  'the OTP routes hold the provider key to send the code through a provider whose password or key is sealed; the ' +
  'OTP tests send through SES providers, which have none';
const resendLargeAttachments =
  "a Resend send or batch puts a queued mail's attachments in S3 only past 200 KiB (scheduled or batched mail); " +
  'the Resend SDK tests attach 64 KiB, and test/api/attachments.test.ts takes the S3 path through the native ' +
  'routes, which share the code';
const identityTakeOver =
  'asked only when SES already holds the identity (a delete that failed half-way left it: ses-identities.ts); ' +
  'every test creates a fresh one';

const lapsedClaim =
  'deletes the identity a claim made once the claim lapses (72 hours unverified: domains/save-checked.ts); ' +
  'test/api/domain-claims.test.ts takes that path with the checker run in process, so no function records it';

const doubleOptInSegment =
  'a contact added to a double opt-in list (segment) is sent its confirmation mail as POST /subscribers sends it: ' +
  'the tracking key signs the link and the mail is queued; the contact tests add contacts to single opt-in lists, ' +
  'and test/api/double-opt-in.test.ts takes that path through POST /subscribers, which shares the code';
const confirmationMail = {
  'secretsmanager:GetSecretValue': doubleOptInSegment,
  'sqs:SendMessage': doubleOptInSegment,
};

const largeListDelete = {
  'sqs:SendMessage':
    'a segment (a list) with more members than one request deletes inline is handed to the job queue ' +
    '(audience/lists.ts, INLINE_DELETE_LIMIT); the Resend segment tests remove small ones, and ' +
    'test/api/lists.test.ts takes the job path through DELETE /lists/{id}, which shares the code',
};
const automationSend =
  "a send_email step sends through the native send path: the provider key opens an SMTP provider's sealed " +
  "password, and a mail's large parts go to S3; the automation tests send small mail through SES providers";
const tenantCalls =
  "the tenant routes' one capability (sesTenants) grants SES's three tenant actions together: a create deletes " +
  'none and a delete creates none; narrowing needs a capability per route (issue 42, left)';

export const FUNCTION_REASONS: Record<string, Record<string, string>> = {
  'resend-segments-delete': largeListDelete,
  'resend-audiences-delete': largeListDelete,
  automations: { 'kms:Decrypt': automationSend, 's3:PutObject': automationSend },
  'tenants-create': { 'ses:DeleteTenant': tenantCalls },
  'tenants-delete': { 'ses:CreateTenant': tenantCalls, 'ses:CreateTenantResourceAssociation': tenantCalls },
  'contacts-create': confirmationMail,
  'resend-contacts-create': confirmationMail,
  'resend-audience-contacts-create': confirmationMail,
  'contact-segments-add': confirmationMail,
  'resend-contact-segments-add': confirmationMail,
  'domain-checker': { 'ses:DeleteEmailIdentity': lapsedClaim },
  'domains-verify': { 'ses:DeleteEmailIdentity': lapsedClaim },
  'resend-domains-verify': { 'ses:DeleteEmailIdentity': lapsedClaim },
  'otp-send': { 'kms:Decrypt': otpKeyOnly },
  'otp-resend': { 'kms:Decrypt': otpKeyOnly },
  'resend-domains-create': { 'ses:GetEmailIdentity': identityTakeOver },
  'resend-emails-send': {
    'secretsmanager:GetSecretValue':
      'the provider key, to send through an SMTP provider with a sealed password; the Resend SDK tests send ' +
      'through SES',
    'kms:Decrypt': 'the provider key (above), decrypted through Secrets Manager',
    's3:PutObject': resendLargeAttachments,
  },
  'resend-emails-batch': { 's3:PutObject': resendLargeAttachments },
  'domains-create': { 'ses:GetEmailIdentity': identityTakeOver },
};

export const unusedGrantReason = (handler: string, action: string): string | undefined =>
  FUNCTION_REASONS[handler]?.[action] ?? SHARED_REASONS[action];
