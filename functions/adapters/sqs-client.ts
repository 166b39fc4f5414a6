import { SQSClient } from '@aws-sdk/client-sqs';
import { instrument } from './instrument';

let client: SQSClient | undefined;

/**
 * One SQS client per process. The endpoint comes from the region (or AWS_ENDPOINT_URL_SQS locally), not from
 * the queue URL's host.
 */
export const sqs = () => (client ??= instrument(new SQSClient({ useQueueUrlAsEndpoint: false })));
