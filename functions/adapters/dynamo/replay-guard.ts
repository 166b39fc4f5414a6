import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReplayGuard } from '../../ports';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { keys } from './keys';

/** Remembers one-time tokens (Mailgun's) until they could no longer pass the freshness check anyway. */
export const dynamoReplayGuard = (): ReplayGuard => ({
  async firstUse(scope, token, expiresAt) {
    const first = await conditional(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.usedToken(scope, token), entity: 'usedToken', ttl: expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    return first.ok;
  },
});
