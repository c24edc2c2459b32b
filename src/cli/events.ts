import type { Command } from 'commander';
import { addCommandHelp, signalExitsAtOnce, USAGE_EXIT } from './help.js';
import { addLogSourceOptions, handToShow, LOG_SOURCE_HELP, resolveOneLog, type LogSourceOptions } from './log-inputs.js';
import { addLimitOptions, checkHand, EXIT, onFileOrFail, parseIntOption, platformOption, readGameOrFail, readOptionsFrom, outJson } from './common.js';

export function registerEventsCommand(program: Command): void {
  const command = program
    .command('events')
    .description('print the typed event stream of one log as NDJSON (one event per line)')
    .argument('<log>', 'a log file (mjlog XML, gzip or plain, tenhou.net/6 JSON or mjai), or a Tenhou log id or viewer URL (read from --fetch-dir)')
    .option('--hand <n>', 'only the n-th hand of the game (1 = the first; docs/vocabulary.md); a viewer URL with ts= opens its hand without it', parseIntOption('--hand', 1))
    .option('--meta', 'print the game record (rule, platform, players, seed) as the first line, with "type": "game"')
    .addOption(platformOption());
  addLogSourceOptions(command);
  addCommandHelp(addLimitOptions(command), {
    text: `
A file that cannot be read gives one line on stderr naming where in the file and what was expected; a
log over a limit names the flag that raises it. - and /dev/stdin read the log from standard input,
/dev/fd/N from that descriptor.

${LOG_SOURCE_HELP}

Events (schemas/events.schema.json): roundStart, draw, discard, call (chi, pon, daiminkan, kakan,
ankan, kita), kandora, riichi (declare, accepted), win, ryuukyoku, disconnect, reconnect.
Tiles are ids 0..135 (kind = id >> 2; 16, 52, 88 are the red fives).`,
    exit: [
      [EXIT.ok, 'the events were printed'],
      [EXIT.failed, 'the log cannot be read, the log id is not in --fetch-dir or not downloaded, or stdout cannot be written'],
      USAGE_EXIT,
      ...signalExitsAtOnce('nothing more is printed'),
    ],
    examples: `
  kanshi events 2020052221gm-00a9-0000-6f0524c7.mjlog --hand 3
  kanshi events game.json | grep '"call"'`,
  })
    .action(async (arg: string, opts: { hand?: number; meta?: boolean; [option: string]: unknown }) => {
      const file = await resolveOneLog(arg, opts as LogSourceOptions);
      const game = await readGameOrFail(file, readOptionsFrom(opts));
      const { hand, flag } = handToShow(arg, opts.hand);
      checkHand(hand, game, flag);
      const records = onFileOrFail(file, () => {
        const lines: unknown[] = [];
        if (opts.meta) {
          const { hands, ...meta } = game;
          lines.push({ type: 'game', file, ...meta, handCount: hands.length });
        }
        const shown = hand === undefined ? game.hands : [game.hands[hand - 1]];
        for (const h of shown) for (const event of h.events) lines.push(event);
        return lines;
      });
      for (const record of records) outJson(record);
    });
}
