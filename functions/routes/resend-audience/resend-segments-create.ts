import { segmentsCreate } from '../resend-segment-routes';

export const resendSegmentsCreate = segmentsCreate('segments');

export default resendSegmentsCreate;
