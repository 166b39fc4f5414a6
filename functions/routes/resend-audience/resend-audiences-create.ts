import { segmentsCreate } from '../resend-segment-routes';

export const resendAudiencesCreate = segmentsCreate('audiences');

export default resendAudiencesCreate;
