import { segmentsCreate } from './segment-routes';

export const resendAudiencesCreate = segmentsCreate('audiences');

export default resendAudiencesCreate;
