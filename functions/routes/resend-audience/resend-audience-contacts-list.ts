import { segmentContactsList } from '../resend-segment-contacts';

export const resendAudienceContactsList = segmentContactsList('audiences');

export default resendAudienceContactsList;
