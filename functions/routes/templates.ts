import { deletedMessage } from '../schemas/common';
import { idParams } from '../schemas/audience';
import {
  createTemplateBody,
  renderedTemplate,
  renderTemplateBody,
  templatesPage,
  templatesQuery,
  templateView,
  updateTemplateBody,
} from '../schemas/templates';
import { defineRoute, type RouteDefinition } from './define-route';

/** Stored templates: Mustache, for every send path (mail by template id, batch items, campaigns). */
const templates = { tag: 'Templates', permission: 'mail' } as const;

export const templatesCreate = defineRoute({
  ...templates,
  id: 'templates-create',
  method: 'POST',
  path: '/api/v1/templates',
  summary:
    'Store a template (Mustache: {{v}} HTML-escaped in html, {{{v}}} raw, sections); answers the variables it reads',
  request: { body: createTemplateBody },
  response: templateView,
  successStatus: 201,
  table: { write: ['template', 'counter', 'viewBlock'] },
});

export const templatesList = defineRoute({
  ...templates,
  id: 'templates-list',
  method: 'GET',
  path: '/api/v1/templates',
  summary: 'Templates, newest first; cursor paging',
  request: { query: templatesQuery },
  response: templatesPage,
});

export const templatesGet = defineRoute({
  ...templates,
  id: 'templates-get',
  method: 'GET',
  path: '/api/v1/templates/{id}',
  summary: 'One template',
  request: { params: idParams },
  response: templateView,
});

export const templatesUpdate = defineRoute({
  ...templates,
  id: 'templates-update',
  method: 'PUT',
  path: '/api/v1/templates/{id}',
  summary: 'Change a template (mail already accepted keeps what it was rendered with)',
  request: { params: idParams, body: updateTemplateBody },
  response: templateView,
  table: { write: ['template'] },
});

export const templatesDelete = defineRoute({
  ...templates,
  id: 'templates-delete',
  method: 'DELETE',
  path: '/api/v1/templates/{id}',
  summary: 'Delete a template',
  request: { params: idParams },
  response: deletedMessage,
  table: { write: ['template', 'viewBlock'] },
});

export const templatesRender = defineRoute({
  ...templates,
  id: 'templates-render',
  method: 'POST',
  path: '/api/v1/templates/{id}/render',
  summary: 'Preview: the subject, html and text a send with these variables would carry',
  request: { params: idParams, body: renderTemplateBody, optionalBody: true },
  response: renderedTemplate,
  table: 'read',
  errors: ['TEMPLATE_TOO_COSTLY'],
});

export const templatesRoutes: readonly RouteDefinition[] = [
  templatesCreate,
  templatesList,
  templatesGet,
  templatesUpdate,
  templatesDelete,
  templatesRender,
];
