import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ReplayGuard } from '../../ports';
import { documentClient } from './client';
import { conditional } from './conditional';
import { usedToken as tokens } from './entities';
import { when } from './entity/expression';

/** Remembers one-time tokens (Mailgun's) until they could no longer pass the freshness check anyway. */
export const dynamoReplayGuard = (): ReplayGuard => ({
  async firstUse(scope, token, expiresAt) {
    const first = await conditional(() =>
      documentClient().send(
        new PutCommand(tokens.put(tokens.item(tokens.key(scope, token), { ttl: expiresAt }), { when: when.absent() })),
      ),
    );
    return first.ok;
  },
});
