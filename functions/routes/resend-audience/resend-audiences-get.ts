import { segmentsGet } from './segment-routes';

export const resendAudiencesGet = segmentsGet('audiences');

export default resendAudiencesGet;
