/**
 * What DynamoDB throws when a plain (not `conditional()`-wrapped) write's condition fails: the Dynamo
 * adapters let it through (create of an existing id), so the in-memory stores throw the same name.
 */
export const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

/** A deep copy, as a read from a table is: the caller can never change a stored record in place. */
export const copy = <T>(value: T): T => structuredClone(value);
