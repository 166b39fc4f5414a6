/**
 * How a template is named: by its id (a UUID) or by its alias (Resend's), which is never shaped like one, so
 * that a path or a send's `template_id` names either without saying which (docs/promises.md "Templates").
 */
export const TEMPLATE_ALIAS = /^[A-Za-z0-9._-]{1,64}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isTemplateId = (ref: string) => UUID.test(ref);
