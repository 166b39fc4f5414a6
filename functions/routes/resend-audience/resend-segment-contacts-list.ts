import { segmentContactsList } from '../resend-segment-contacts';

export const resendSegmentContactsList = segmentContactsList('segments');

export default resendSegmentContactsList;
