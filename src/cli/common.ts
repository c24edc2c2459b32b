/** An error the CLI reports as one line on stderr, with an exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Parses an integer option, with a clear message when it is not one. */
export function parseIntOption(name: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new CliError(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
    }
    return n;
  };
}

/** Writes a line to stdout. */
export function out(line: string): void {
  process.stdout.write(line + '\n');
}
