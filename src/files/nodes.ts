/**
 * What a node of the file system is, in words, for the one line a command says when a path names
 * something that is not a regular file: every reader and writer of kanshi names them alike.
 */
import type { Stats } from 'node:fs';

/** The tests a node's stats answer (fs.Stats, fs.Dirent). */
export type NodeTests = Pick<Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice' | 'isSymbolicLink'>;

/** `a named pipe`, `a socket`, `a device`, `a block device`; null for a regular file or a folder. */
export function specialNodeName(info: NodeTests): string | null {
  if (info.isFile() || info.isDirectory()) return null;
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a device';
  if (info.isBlockDevice()) return 'a block device';
  return 'not a file';
}
