import { beforeEach, describe, expect, it } from 'vitest';
import {
  createTemplate,
  publishTemplate,
  requireTemplate,
  updateTemplate,
} from '../../../functions/domain/templates/templates';
import type { TemplateStore } from '../../../functions/ports';
import { memoryTemplateStore } from '../memory/templates';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

/**
 * Two edits of one template at once: each is written only over the record it read, and made again over
 * the newer one when another came between (docs/promises.md "Templates"). The other edit is made right
 * between the first one's read and its write, as another request could.
 */
let world: MemoryWorld & { templates: TemplateStore };
/** The same world over the store itself: the other request's edits, which nothing interleaves. */
let other: MemoryWorld & { templates: TemplateStore };
let between: (() => Promise<unknown>)[];

beforeEach(async () => {
  const store = memoryTemplateStore();
  between = [];
  other = { ...(await memoryWorld()), templates: store };
  world = {
    ...other,
    templates: {
      ...store,
      async replace(template, before) {
        const other = between.shift();
        if (other) await other();
        return store.replace(template, before);
      },
    },
  };
});

const base = { name: 'T', subject: 'S', text: 't' };

describe('two edits of one template at once', () => {
  it('keeps both: the later one is made again over the earlier one’s result', async () => {
    const made = await createTemplate(world, ACCOUNT, base);
    between.push(() => updateTemplate(other, ACCOUNT, made.id, { subject: 'New subject' }));
    const answered = await updateTemplate(world, ACCOUNT, made.id, { name: 'New name' });
    expect(answered).toMatchObject({ name: 'New name', subject: 'New subject' });
    expect(await requireTemplate(world, ACCOUNT, made.id)).toMatchObject({ name: 'New name', subject: 'New subject' });
  });

  it('keeps an edit made while it is published', async () => {
    const made = await createTemplate(world, ACCOUNT, base);
    between.push(() => updateTemplate(other, ACCOUNT, made.id, { text: 'edited' }, { publish: false }));
    await publishTemplate(world, ACCOUNT, made.id);
    const stored = await requireTemplate(world, ACCOUNT, made.id);
    expect(stored).toMatchObject({ text: 'edited', status: 'published' });
  });

  it('answers 404 when the template went meanwhile, and 409 when edits keep coming between', async () => {
    const made = await createTemplate(world, ACCOUNT, base);
    between.push(async () => other.templates.delete(await requireTemplate(other, ACCOUNT, made.id)));
    await expect(updateTemplate(world, ACCOUNT, made.id, { name: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const next = await createTemplate(world, ACCOUNT, base);
    for (let i = 0; i < 3; i++) between.push(() => updateTemplate(other, ACCOUNT, next.id, { name: `other ${i}` }));
    // A 409 that says to try again in a second (docs/promises.md, CONFLICT).
    await expect(updateTemplate(world, ACCOUNT, next.id, { subject: 'mine' })).rejects.toMatchObject({
      code: 'CONFLICT',
      options: { headers: { 'Retry-After': '1' } },
    });
    expect((await requireTemplate(world, ACCOUNT, next.id)).name).toBe('other 2');
  });
});
