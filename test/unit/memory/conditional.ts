/**
 * What DynamoDB throws when a plain (not `conditional()`-wrapped) write's condition fails: the Dynamo
 * adapters let it through (create of an existing id), so the in-memory stores throw the same name.
 */
export const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/** A deep copy, as a read from a table is: the caller can never change a stored record in place. */
export const copy = <T>(value: T): T => structuredClone(value);

/** Sets the fields given, as an UpdateItem SET of the defined ones does (undefined: left as it is). */
export const assignDefined = (target: object, changes: object) => {
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined) Object.assign(target, { [field]: value });
  }
};

/** A page by offset of a listing held whole, as the paged views answer one without a cursor of their own. */
export const offsetPage = <T>(all: T[], page: { offset: number; limit: number }) => ({
  items: all.slice(page.offset, page.offset + page.limit).map(copy),
  total: all.length,
  next_cursor: null,
});
