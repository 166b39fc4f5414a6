import { segmentsDelete } from './segment-routes';

export const resendSegmentsDelete = segmentsDelete('segments');

export default resendSegmentsDelete;
