/**
 * In a `u` regex a surrogate range matches only a surrogate that is not half of a pair: JSON can
 * carry one (`"\ud800"`), UTF-8 cannot, so DynamoDB (which refuses it as an attribute name) and SES
 * would each mangle or refuse the text.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Where in a parsed JSON body a string or key holds a lone surrogate (`metadata`, `messages.3.subject`),
 * or undefined. Iterative: a 1 MiB body can nest deeper than the call stack.
 */
export const loneSurrogateAt = (body: unknown): string | undefined => {
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return path || 'body';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return path || 'body';
        pending.push([inner, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
};
