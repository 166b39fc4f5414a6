import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReplayGuard } from '../../ports';
import { documentClient, isConditionFailure, tableName } from './client';
import { keys } from './keys';

/** Remembers one-time tokens (Mailgun's) until they could no longer pass the freshness check anyway. */
export const dynamoReplayGuard = (): ReplayGuard => ({
  async firstUse(scope, token, expiresAt) {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.usedToken(scope, token), entity: 'usedToken', ttl: expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
});
