import { segmentsGet } from '../resend-segment-routes';

export const resendAudiencesGet = segmentsGet('audiences');

export default resendAudiencesGet;
