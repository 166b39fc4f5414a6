import { segmentsList } from './segment-routes';

export const resendSegmentsList = segmentsList('segments');

export default resendSegmentsList;
