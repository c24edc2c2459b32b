/** A database that cannot be opened, migrated, written or queried as asked: the message says why and what to do. */
export class StoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreError';
  }
}
