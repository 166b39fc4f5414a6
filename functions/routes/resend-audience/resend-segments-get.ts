import { segmentsGet } from './segment-routes';

export const resendSegmentsGet = segmentsGet('segments');

export default resendSegmentsGet;
