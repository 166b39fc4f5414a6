import { beforeEach, describe, expect, it } from 'vitest';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  publishTemplate,
  requireTemplate,
  updateTemplate,
} from '../../../functions/domain/templates/templates';
import { publishedTemplate } from '../../../functions/domain/templates/versions';
import { memoryTemplateStore } from '../memory/templates';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

/** docs/promises.md "Templates", alias and sender (decision 0127), over the in-memory template store. */
let world: MemoryWorld & { templates: ReturnType<typeof memoryTemplateStore> };
beforeEach(async () => {
  world = { ...(await memoryWorld()), templates: memoryTemplateStore() };
});

const base = { name: 'T', subject: 'S', text: 't' };

describe('a template’s alias', () => {
  it('names it in place of its id, is unique in the account, moves with an edit and is freed on delete', async () => {
    const first = await createTemplate(world, ACCOUNT, { ...base, alias: 'welcome' });
    expect((await requireTemplate(world, ACCOUNT, 'welcome')).id).toBe(first.id);
    await expect(createTemplate(world, ACCOUNT, { ...base, alias: 'welcome' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Another account's alias is its own.
    await createTemplate(world, 'other-account', { ...base, alias: 'welcome' });
    expect((await requireTemplate(world, ACCOUNT, 'welcome')).id).toBe(first.id);

    await updateTemplate(world, ACCOUNT, 'welcome', { alias: 'hello' });
    await expect(requireTemplate(world, ACCOUNT, 'welcome')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await requireTemplate(world, ACCOUNT, 'hello')).id).toBe(first.id);
    const second = await createTemplate(world, ACCOUNT, { ...base, alias: 'welcome' });
    await expect(updateTemplate(world, ACCOUNT, second.id, { alias: 'hello' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // A duplicate keeps no alias; a delete by alias frees it.
    expect((await duplicateTemplate(world, ACCOUNT, 'hello')).alias).toBeNull();
    expect(await deleteTemplate(world, ACCOUNT, 'hello')).toBe(first.id);
    expect((await createTemplate(world, ACCOUNT, { ...base, alias: 'hello' })).alias).toBe('hello');
  });
});

describe('a template’s own sender', () => {
  it('names an address: a from_name without one is refused, and goes when its address is taken away', async () => {
    await expect(createTemplate(world, ACCOUNT, { ...base, from_name: 'Team' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const made = await createTemplate(world, ACCOUNT, base);
    await expect(updateTemplate(world, ACCOUNT, made.id, { from_name: 'Team' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await updateTemplate(world, ACCOUNT, made.id, { from_email: 'team@example.com', from_name: 'Team' });
    expect(await updateTemplate(world, ACCOUNT, made.id, { from_email: null })).toMatchObject({
      from_email: null,
      from_name: null,
    });
  });

  it('is checked by the sender rule when saved, and is versioned with the parts', async () => {
    await expect(createTemplate(world, ACCOUNT, { ...base, from_email: 'x@elsewhere.example' })).rejects.toMatchObject({
      code: 'FROM_NOT_ALLOWED',
    });
    const made = await createTemplate(world, ACCOUNT, {
      ...base,
      from_email: 'team@example.com',
      from_name: 'Team',
      reply_to: 'help@example.com',
    });
    expect(made).toMatchObject({ from_email: 'team@example.com', from_name: 'Team', reply_to: 'help@example.com' });
    await expect(updateTemplate(world, ACCOUNT, made.id, { from_email: 'x@elsewhere.example' })).rejects.toMatchObject({
      code: 'FROM_NOT_ALLOWED',
    });

    // A draft edit of the sender: sends keep the published one until publish.
    await updateTemplate(
      world,
      ACCOUNT,
      made.id,
      { from_email: 'news@example.com', from_name: null },
      { publish: false },
    );
    const draft = await requireTemplate(world, ACCOUNT, made.id);
    expect([draft.from_email, publishedTemplate(draft).from_email, publishedTemplate(draft).from_name]).toEqual([
      'news@example.com',
      'team@example.com',
      'Team',
    ]);
    await publishTemplate(world, ACCOUNT, made.id);
    const published = publishedTemplate(await requireTemplate(world, ACCOUNT, made.id));
    expect([published.from_email, published.from_name, published.reply_to]).toEqual([
      'news@example.com',
      null,
      'help@example.com',
    ]);
    // null takes it away.
    const cleared = await updateTemplate(world, ACCOUNT, made.id, { from_email: null, reply_to: null });
    expect(cleared).toMatchObject({ from_email: null, from_name: null, reply_to: null });
  });
});
