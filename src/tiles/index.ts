export * from './tile.js';
export * from './meld.js';
export * from './dora.js';
export * from './allocator.js';
