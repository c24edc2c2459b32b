/**
 * Text from logs shown safely on a terminal (issue 42: a player's name or a value an error quoted could
 * rewrite the user's terminal: ESC, BEL, CR and NUL were printed as they are).
 */
/** C0 control characters but the line break, DEL and the C1 controls (a terminal takes ESC, CSI, BEL… as commands). */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
/** The same with the line break. */
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f]/g;

/** A control character as JSON writes it (`\n`, `\t`, `\u001b`), DEL and C1 too, which JSON leaves as they are. */
function escaped(ch: string): string {
  const json = JSON.stringify(ch).slice(1, -1);
  return json.length > 1 ? json : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Text for a terminal: every control character but the line break shown escaped, as JSON writes it (ESC
 * as `\u001b`, a tab as `\t`), so that a log's text (a player's name, a value an error quotes) prints as
 * what it is and never moves the cursor, rings the bell, retitles the window or clears the screen. Every
 * text line on stdout (`out`) and stderr (`say`) goes through it; JSON and CSV output stay exact.
 */
export function shown(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** `shown`, the line break escaped too (`\n`): a cell of a table stays on its row. */
export function shownInline(text: string): string {
  return text.replace(CONTROL_OR_BREAK, escaped);
}
