import { segmentsUpdate } from '../resend-segment-routes';

export const resendSegmentsUpdate = segmentsUpdate('segments');

export default resendSegmentsUpdate;
