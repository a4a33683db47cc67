// Declarations of the embedded entry point: the same API as index.js.
export * from './index.js';
