export * from './types.js';
export * from './rng.js';
export * from './clone.js';
export * from './play.js';
export * from './search.js';
export * from './search-ismcts.js';
export * from './undo.js';
