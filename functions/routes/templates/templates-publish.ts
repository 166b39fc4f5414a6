import { idParams } from '../../schemas/audience';
import { templateView } from '../../schemas/templates';
import { publishTemplate } from '../../domain/templates/templates';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesPublish = defineRoute(
  {
    ...templates,
    id: 'templates-publish',
    method: 'POST',
    path: '/api/v1/templates/{id}/publish',
    summary: 'Publish the latest edits of a template',
    description:
      'The latest parts become the version every send uses (a send, a batch item, a campaign). Mail already ' +
      'accepted keeps what it was rendered with.',
    request: { params: idParams },
    response: templateView,
    table: { write: ['template'] },
    uses: ['templates', 'counters', 'clock', 'ids'],
    // Another edit of the template between this one's read and its write, three times over (templates.ts).
    errors: ['CONFLICT'],
  },
  async ({ auth, params }, deps) => ({
    data: await publishTemplate(deps, auth.account_id, params.id),
  }),
);

export default templatesPublish;
