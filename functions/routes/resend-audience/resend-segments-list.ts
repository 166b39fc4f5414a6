import { segmentsList } from '../resend-segment-routes';

export const resendSegmentsList = segmentsList('segments');

export default resendSegmentsList;
