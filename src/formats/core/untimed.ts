/**
 * The refusal of a writer that times every kandora (mjlog, mjai) given a hand whose indicators are
 * untimed (tenhou.net/6 JSON): placing them is a rule's business (src/replay `placeKandora`), not a writer's.
 */
export class UntimedKandoraError extends Error {
  constructor(
    readonly format: string,
    readonly hand: number,
  ) {
    super(`hand ${hand} lists its kandora without their moments (tenhou.net/6 JSON): place them under a kandora timing before writing ${format}`);
    this.name = 'UntimedKandoraError';
  }
}

