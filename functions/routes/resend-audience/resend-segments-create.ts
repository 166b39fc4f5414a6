import { segmentsCreate } from './segment-routes';

export const resendSegmentsCreate = segmentsCreate('segments');

export default resendSegmentsCreate;
