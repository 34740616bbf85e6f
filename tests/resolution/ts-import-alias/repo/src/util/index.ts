export { add as plus, scale } from './math';
export { default as clamp } from './math';
