import { segmentsList } from './segment-routes';

export const resendAudiencesList = segmentsList('audiences');

export default resendAudiencesList;
