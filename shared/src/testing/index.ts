// What tests and journeys of every workspace use to make what a visitor would send (not part of any build).
export { sampleFile, type SampleKind } from './files';
