/**
 * An ingest failure: which file, where in it (tag index or JSON path), and what was expected.
 * Ingest never guesses past bad input; the batch layer records the error and goes on with other files.
 */
export class IngestError extends Error {
  constructor(
    /** What is wrong and what was expected. */
    readonly reason: string,
    /** Where: `tag 123 <N>`, `log[2][5][7]`, `gzip stream`, `line 3 column 9`… */
    readonly position: string | null = null,
    /** The file, when known. */
    public file: string | null = null,
  ) {
    super(IngestError.format(reason, position, file));
    this.name = 'IngestError';
  }

  /** Sets the file name once the caller knows it, keeping the message in step. */
  withFile(file: string): this {
    this.file = file;
    this.message = IngestError.format(this.reason, this.position, file);
    return this;
  }

  private static format(reason: string, position: string | null, file: string | null): string {
    return [file, position, reason].filter((p) => p !== null && p !== '').join(': ');
  }
}

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
