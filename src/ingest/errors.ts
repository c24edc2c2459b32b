/**
 * File-system errors in words, for the messages of every command that reads or writes files.
 */
/** What the system's error codes mean, in words (`no such file`, not `ENOENT`). */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is not a folder',
  EEXIST: 'already exists',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  ENOSPC: 'no space left on the device',
  EROFS: 'the file system is read-only',
  EIO: 'input/output error',
  EBUSY: 'busy or locked',
};

/**
 * A failed file-system call in words, for a person: `no such file or folder`, `permission denied`, or, for a
 * code not listed, Node's own description without the code and the call (`ENOTEMPTY: directory not empty,
 * rmdir 'x'` → `directory not empty`).
 */
export function systemErrorText(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code && SYSTEM_ERRORS[code]) return SYSTEM_ERRORS[code];
  const message = err instanceof Error ? err.message : String(err);
  const described = /^[A-Z][A-Z0-9_]+: ([^,]+)/.exec(message);
  return described ? described[1] : message;
}
