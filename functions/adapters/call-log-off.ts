import type * as CallLog from './call-log';

/**
 * The AWS call log (call-log.ts) as a function's bundle has it: a Lambda function never keeps one
 * (AWS_CALL_LOG is set by the tests, in their own process, and no template gives it to a function), so its
 * bundle takes these three no-ops for `#aws-call-log` (lib/constructs/function-bundle.ts) rather than the
 * IAM action tables it would never read (about 3 KB in every function:
 * docs/decisions/0133-schemas-by-route.md). The local server and the tests import the real one.
 */
export const runAs: typeof CallLog.runAs = (_name, handler) => handler;
export const recordAwsCall: typeof CallLog.recordAwsCall = () => {};
export const recordSecretRead: typeof CallLog.recordSecretRead = () => {};
