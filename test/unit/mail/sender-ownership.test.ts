import { beforeEach, describe, expect, it } from 'vitest';
import { sendMail } from '../../../functions/domain/mail/send-mail';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
beforeEach(async () => {
  // The provider allows the domains outright: only the claims can refuse them here.
  world = await memoryWorld({
    provider: { allowed_from_domains: ['noreply.example.net', 'deep.noreply.example.net', 'example.net'] },
  });
});

const sendFrom = (from_email: string) =>
  sendMail(world, ACCOUNT, { to: 'r@example.org', subject: 'Hi', text: 'Hello', from_email }, 'api');

describe('the sender rule: a domain another account claimed', () => {
  it('refuses the domain, a subdomain and another case of it, and sends nothing', async () => {
    world.providers.claimName('noreply.example.net', 'another-account');
    for (const from of ['a@noreply.example.net', 'a@deep.noreply.example.net', 'a@NoReply.Example.net']) {
      await expect(sendFrom(from), from).rejects.toMatchObject({ code: 'FROM_NOT_ALLOWED' });
    }
    expect(world.mailers.sent).toEqual([]);
    expect(world.messages.all()).toEqual([]);
  });

  it("leaves the account its own claim, and a domain above another account's claim", async () => {
    world.providers.claimName('example.net', ACCOUNT);
    world.providers.claimName('other.example.net', 'another-account');
    await expect(sendFrom('a@example.net')).resolves.toMatchObject({ status: 'sent' });
  });
});
