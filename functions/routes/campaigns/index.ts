export { campaigns, unsubscribeLink } from './area';
export { default as campaignsCreate } from './campaigns-create';
export { default as campaignsList } from './campaigns-list';
export { default as campaignsGet } from './campaigns-get';
export { default as campaignsUpdate } from './campaigns-update';
export { default as campaignsDelete } from './campaigns-delete';
export { default as campaignsSend } from './campaigns-send';
export { default as campaignsCancel } from './campaigns-cancel';
export { default as campaignsUnschedule } from './campaigns-unschedule';
export { default as campaignsRecipients } from './campaigns-recipients';
export { default as campaignsClickedLinks } from './campaigns-clicked-links';
export { default as campaignsDuplicate } from './campaigns-duplicate';
export { default as unsubscribePage } from './unsubscribe-page';
export { default as unsubscribeConfirm } from './unsubscribe-confirm';
export { default as preferencesShow } from './preferences-page';
export { default as preferencesSave } from './preferences-save';
import campaignsCreate from './campaigns-create';
import campaignsList from './campaigns-list';
import campaignsGet from './campaigns-get';
import campaignsUpdate from './campaigns-update';
import campaignsDelete from './campaigns-delete';
import campaignsSend from './campaigns-send';
import campaignsCancel from './campaigns-cancel';
import campaignsUnschedule from './campaigns-unschedule';
import campaignsRecipients from './campaigns-recipients';
import campaignsClickedLinks from './campaigns-clicked-links';
import campaignsDuplicate from './campaigns-duplicate';
import unsubscribePage from './unsubscribe-page';
import unsubscribeConfirm from './unsubscribe-confirm';
import preferencesShow from './preferences-page';
import preferencesSave from './preferences-save';
import type { AnyRoute } from '../define-route';

/**
 * The area's routes, in the order the route table (../index.ts) and the docs list them: a new route module is added
 * here.
 */
export const campaignsRoutes: readonly AnyRoute[] = [
  campaignsCreate,
  campaignsList,
  campaignsGet,
  campaignsUpdate,
  campaignsDelete,
  campaignsSend,
  campaignsCancel,
  campaignsUnschedule,
  campaignsDuplicate,
  campaignsRecipients,
  campaignsClickedLinks,
  unsubscribePage,
  unsubscribeConfirm,
  preferencesShow,
  preferencesSave,
];
