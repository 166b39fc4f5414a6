/**
 * Most error answers are the same object on route after route (401 `UNAUTHORIZED`, 429 `RATE_LIMITED` with its
 * headers and example...). Written out on each of ~600 operations they made the document 2.7 MB; moved once into
 * `components.responses` and referred to, the document says the same in about a third of that. Only identical
 * objects are shared, so every operation still reads exactly what it answered before.
 */
type Operation = { responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, unknown>>; components: Record<string, unknown> };

/**
 * A readable, stable name: the status and the codes the description names (`429_RATE_LIMITED`), else the
 * schema answered (`429_GatewayError`), else `PAGE` (a reader link's page).
 */
const nameOf = (status: string, response: unknown) => {
  const { description = '', content = {} } = response as {
    description?: string;
    content?: Record<string, { schema?: { $ref?: string } }>;
  };
  const codes = [...description.matchAll(/^`([A-Za-z_]+)`:/gm)].map(([, code]) => code);
  const schema = content['application/json']?.schema?.$ref?.split('/').pop();
  return [status, ...(codes.length ? codes : [schema ?? 'PAGE'])].join('_');
};

export const shareRepeatedResponses = <T extends Document>(document: T): T => {
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods) as Operation[]);
  const seen = new Map<string, number>();
  for (const { responses } of operations)
    for (const [status, response] of Object.entries(responses))
      if (Number(status) >= 400) {
        const text = JSON.stringify(response);
        seen.set(text, (seen.get(text) ?? 0) + 1);
      }

  const shared: Record<string, unknown> = {};
  const names = new Map<string, string>();
  const refTo = (status: string, response: unknown) => {
    const text = JSON.stringify(response);
    if ((seen.get(text) ?? 0) < 2) return response;
    let name = names.get(text);
    if (!name) {
      const base = nameOf(status, response);
      // The same codes can come with different headers (a public route has no rate-limit headers).
      let variant = 1;
      name = base;
      while (name in shared) name = `${base}_${++variant}`;
      names.set(text, name);
      shared[name] = response;
    }
    return { $ref: `#/components/responses/${name}` };
  };

  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, methods]) => [
      path,
      Object.fromEntries(
        (Object.entries(methods) as [string, Operation][]).map(([method, operation]) => [
          method,
          {
            ...operation,
            responses: Object.fromEntries(
              Object.entries(operation.responses).map(([status, response]) => [status, refTo(status, response)]),
            ),
          },
        ]),
      ),
    ]),
  );
  return { ...document, components: { ...document.components, responses: shared }, paths };
};
