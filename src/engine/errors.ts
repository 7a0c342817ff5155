/**
 * A problem with something the user gave perfgate (a file, an option). It carries the place so
 * that the shells can print `file:line:column: message` and never a stack trace.
 */
export interface SourcePlace {
  file: string;
  /** 1-based line number, when the problem is inside the file. */
  line?: number;
  /** 1-based column number (characters from the start of the line). */
  column?: number;
}

export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    message: string,
    readonly place?: SourcePlace,
  ) {
    super(message);
  }

  /** `file:line:column: message`, the form compilers use and editors link. */
  describe(): string {
    if (!this.place) return this.message;
    const { file, line, column } = this.place;
    let where = file;
    if (line !== undefined) where += `:${line}`;
    if (line !== undefined && column !== undefined) where += `:${column}`;
    return `${where}: ${this.message}`;
  }
}

/** A wrong option or argument value (CLI flag or action input). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function isUserError(error: unknown): error is InputError | UsageError {
  return error instanceof InputError || error instanceof UsageError;
}

export function describeError(error: unknown): string {
  if (error instanceof InputError) return error.describe();
  if (error instanceof Error) return error.message;
  return String(error);
}
