export * from './tile.js';
export * from './meld.js';
