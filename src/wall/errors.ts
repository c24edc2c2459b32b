/** Why a wall cannot be built or read: a seed that does not parse, an unknown scheme, no wall, an argument out of range. */
export type WallErrorCode = 'malformed-seed' | 'unknown-scheme' | 'no-wall' | 'bad-argument';

export class WallError extends Error {
  constructor(
    message: string,
    /**
     * `malformed-seed`: the text is not what its scheme says; `unknown-scheme`; `no-wall`: the log has no
     * seed or the wrong kind for the call; `bad-argument`: an index or player count out of range.
     */
    readonly code: WallErrorCode = 'malformed-seed',
  ) {
    super(message);
    this.name = 'WallError';
  }
}
