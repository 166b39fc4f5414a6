/**
 * A `variables` field's JSON object as typed, or the problem with it in the API's own shape (an
 * empty field is `{}`), so the form shows it next to the field before anything is sent.
 */
export const jsonObject = (
  source: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } => {
  if (source.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { ok: false, message: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'Give a JSON object, e.g. {"name": "Ada"}' };
  return { ok: true, value: value as Record<string, unknown> };
};
