import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';

/** DynamoDB's item size limit. */
const ITEM_LIMIT = 400 * 1024;

/**
 * Makes one write of the service fail for real: pads the item at `key` (creating it when absent) to
 * DynamoDB's 400 KB item size limit, so that DynamoDB Local itself refuses any write that would make
 * it larger (ValidationException), as DynamoDB does. The largest padding accepted is found by
 * bisection, so the size rules are DynamoDB's own. Answers a function that removes the padding again.
 */
export const fillToSizeLimit = async (key: Record<string, string>) => {
  const update = (UpdateExpression: string, values?: Record<string, string>) =>
    documentClient().send(
      new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression, ExpressionAttributeValues: values }),
    );
  const pad = (length: number) => update('SET padding = :padding', { ':padding': 'x'.repeat(length) });
  let fits = 0;
  let tooLarge = ITEM_LIMIT;
  while (tooLarge - fits > 1) {
    const middle = Math.floor((fits + tooLarge) / 2);
    try {
      await pad(middle);
      fits = middle;
    } catch (error) {
      if ((error as Error).name !== 'ValidationException') throw error;
      tooLarge = middle;
    }
  }
  await pad(fits);
  return () => update('REMOVE padding');
};
