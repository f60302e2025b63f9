export { createEntityRecogniser, entityRecogniserFor, recogniseEntity, type EntityRecogniser, type RecognisableItem } from './recogniseEntity';
