/**
 * src/files: files written so that a reader never sees half of one. The only door of this folder, and
 * the lowest of src/: it imports no other folder. Every file kanshi writes whole (the report, the game
 * pages, a fetched log, an exported log) goes through `writeFileAtomic`.
 *
 *   writeFileAtomic(path, text or bytes, { fsync? }) → bytes written   a temporary file beside it, then a rename
 *                                                                      (a link followed; a pipe or device written through)
 *   specialNodeName(stats) → 'a named pipe' | 'a socket' | …           what a node that is no file is, in words
 *   tempFileName(name) → '.kanshi-tmp-PID-HEX-name.tmp'                 the temporary's name
 *   removeStaleTempFiles(dir) → paths removed                          temporaries of runs that were killed
 */
export { processIsRunning, removeStaleTempFiles, TEMP_PREFIX, tempFileName, writeFileAtomic, type AtomicWriteOptions } from './atomic.js';
export { specialNodeName, type NodeTests } from './nodes.js';
