import { segmentsDelete } from '../resend-segment-routes';

export const resendSegmentsDelete = segmentsDelete('segments');

export default resendSegmentsDelete;
