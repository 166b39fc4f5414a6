import { segmentsGet } from '../resend-segment-routes';

export const resendSegmentsGet = segmentsGet('segments');

export default resendSegmentsGet;
