import { segmentsDelete } from './segment-routes';

export const resendAudiencesDelete = segmentsDelete('audiences');

export default resendAudiencesDelete;
