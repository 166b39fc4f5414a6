import { segmentsDelete } from '../resend-segment-routes';

export const resendAudiencesDelete = segmentsDelete('audiences');

export default resendAudiencesDelete;
