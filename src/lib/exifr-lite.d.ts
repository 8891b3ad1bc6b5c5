// exifr's lite build (JPEG and HEIC, EXIF segments only: a third of the full one) ships no types
// of its own; its API is the full build's.
declare module "exifr/dist/lite.esm.mjs" {
  export { default } from "exifr";
}
