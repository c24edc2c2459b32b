/**
 * A log that cannot be read: which file, where in it (tag index, JSON path, line and column), and what was
 * expected. No reader guesses past bad input; the batch layer records the error and goes on with other files.
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

/** `line L column C` (both from 1) of a character index in a text. */
export function lineColumn(text: string, index: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line} column ${index - start + 1}`;
}
