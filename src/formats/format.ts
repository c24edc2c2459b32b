/**
 * What every log format is to kanshi: a way to recognise a log in it, to read one into a GameLog, and to
 * write a GameLog in it. src/ingest hands each format the same LogSource (the text decoded, its JSON
 * documents parsed once) and asks them in turn which one it is.
 */
import type { GameLog, Platform, SourceFormat } from '../events/index.js';
import type { JsonDocument } from './core/json-documents.js';
import type { IngestLimits } from './core/limits.js';

/** A log's text as every format's reader receives it. */
export interface LogSource {
  /** The text, decoded (a gzip stream inflated, a byte-order mark dropped). */
  text: string;
  /** The JSON documents of the text (whole, an array's elements, or JSON lines) when it starts as JSON, else null. */
  json: JsonDocument[] | null;
  /** The bytes were gzip-compressed. */
  gzip: boolean;
  /** The log id the file's name gives, for a log that names none itself. */
  logId: string | null;
  /** Where the game was played, when the caller knows better than the log (`--platform`). */
  platform?: Platform;
  limits: IngestLimits;
}

export interface LogFormat {
  /** The format's name in code, JSON, SQL and `--format`. */
  readonly name: SourceFormat;
  /** What people call it. */
  readonly title: string;
  /** The file name ending a written log gets. */
  readonly extension: string;
  /** What the format cannot hold of a game read from another one: said by `kanshi export --help` and docs/formats.md. */
  readonly cannotHold: readonly string[];
  /** Whether the source is a log in this format (asked in turn: mjlog, mjai, tenhou.net/6). */
  recognises(source: LogSource): boolean;
  /** The game; an IngestError names the position of what it cannot read. */
  read(source: LogSource): GameLog;
  /** The game as a file of this format (a game whose kandora a format must time has them timed: src/replay `placeKandora`). */
  write(game: GameLog): string;
}
