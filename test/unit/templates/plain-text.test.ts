import { describe, expect, it } from 'vitest';
import { loadTextFromHtml, TEXT_FROM_HTML_LIMITS } from '../../../functions/domain/templates/plain-text';

/**
 * The text part of a template mail, made by html-to-text loaded on first use under its own name
 * (`#on-first-use/html-to-text`, package.json "imports"): that name resolves outside a Lambda bundle
 * too, where the service and its tests run unbundled (the bundle's file: test/stack, test/artifacts).
 */
describe('the text part made from a template html', () => {
  it('keeps links as text [url], drops images and does not wrap lines', async () => {
    const toText = await loadTextFromHtml();
    const long = 'word '.repeat(40).trim();
    expect(
      toText(
        `<h1>Welcome</h1><p>Dear Ann, <a href="https://example.com/start">start here</a>.<img src="x.png"></p>` +
          `<p>${long}</p>`,
      ),
    ).toBe(`WELCOME\n\nDear Ann, start here [https://example.com/start].\n\n${long}`);
  });

  it('makes none from html past its bounds', async () => {
    const toText = await loadTextFromHtml();
    expect(toText('<b>x</b>'.repeat(TEXT_FROM_HTML_LIMITS.tags))).toBeNull();
    expect(toText(`<p>${'a'.repeat(TEXT_FROM_HTML_LIMITS.bytes)}</p>`)).toBeNull();
  });
});
