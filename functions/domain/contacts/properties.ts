import type { Clock, ContactPropertyStore, Ids } from '../../ports';
import { AppError, notFound, validationError } from '../errors';
import { pageNextTo, requireAnchored, type IdPageRequest } from '../id-paging';
import { isoTimestamp } from '../time';
import {
  MAX_PROPERTIES,
  valueProblem,
  type ContactProperty,
  type PropertyType,
  type PropertyValue,
} from './contact-property';

export interface PropertyDeps {
  contactProperties: ContactPropertyStore;
  clock: Clock;
  ids: Ids;
}

export const presentProperty = (p: ContactProperty) => ({
  id: p.id,
  key: p.key,
  type: p.type,
  fallback_value: p.fallback_value,
  created_at: p.created_at,
});

const checkFallback = (type: PropertyType, fallback: PropertyValue | null | undefined) => {
  const problem = fallback === null || fallback === undefined ? undefined : valueProblem(type, fallback);
  if (problem) throw validationError([{ field: 'fallback_value', message: problem }]);
};

/** Declares a property; its key is unique in the account (409), at most MAX_PROPERTIES of them. */
export const createProperty = async (
  deps: PropertyDeps,
  accountId: string,
  input: { key: string; type: PropertyType; fallback_value?: PropertyValue | null },
) => {
  checkFallback(input.type, input.fallback_value);
  // A soft cap: two creates at once may both pass it, by one each.
  if ((await deps.contactProperties.all(accountId)).length >= MAX_PROPERTIES)
    throw validationError([{ field: 'key', message: `An account declares at most ${MAX_PROPERTIES} properties` }]);
  const property: ContactProperty = {
    id: deps.ids.uuid(),
    account_id: accountId,
    key: input.key,
    type: input.type,
    fallback_value: input.fallback_value ?? null,
    created_at: isoTimestamp(deps.clock.now()),
  };
  if ((await deps.contactProperties.create(property)) === 'taken')
    throw new AppError('CONFLICT', `The account has a contact property with the key ${input.key}`);
  return property;
};

const isId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const getProperty = async (deps: Pick<PropertyDeps, 'contactProperties'>, accountId: string, id: string) => {
  const property = isId(id) ? await deps.contactProperties.get(accountId, id.toLowerCase()) : undefined;
  if (!property) throw notFound('Contact property');
  return property;
};

/** Only the fallback changes (as Resend's): a key or type change would strand the values contacts hold. */
export const updateProperty = async (
  deps: Pick<PropertyDeps, 'contactProperties'>,
  accountId: string,
  id: string,
  input: { fallback_value?: PropertyValue | null },
) => {
  const property = await getProperty(deps, accountId, id);
  if (input.fallback_value === undefined) return property;
  checkFallback(property.type, input.fallback_value);
  const updated = await deps.contactProperties.setFallback(accountId, property.id, input.fallback_value);
  if (!updated) throw notFound('Contact property');
  return updated;
};

/** Contacts keep the values they hold, unseen until a property of that key and type is declared again. */
export const deleteProperty = async (deps: Pick<PropertyDeps, 'contactProperties'>, accountId: string, id: string) => {
  const property = await getProperty(deps, accountId, id);
  if (!(await deps.contactProperties.delete(property))) throw notFound('Contact property');
  return property;
};

/** Newest first (by creation, then id): the few properties of an account are read whole. */
export const allProperties = async (deps: Pick<PropertyDeps, 'contactProperties'>, accountId: string) =>
  (await deps.contactProperties.all(accountId)).sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );

export const listPropertiesNextTo = async (
  deps: Pick<PropertyDeps, 'contactProperties'>,
  accountId: string,
  request: IdPageRequest,
) =>
  requireAnchored(
    pageNextTo(await allProperties(deps, accountId), request, (p) => p.id),
    request,
  );
