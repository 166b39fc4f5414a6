import { segmentsList } from '../resend-segment-routes';

export const resendAudiencesList = segmentsList('audiences');

export default resendAudiencesList;
