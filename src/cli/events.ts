import type { Command } from 'commander';
import { addLimitOptions, checkRound, onFileOrFail, out, parseIntOption, platformOption, readGameOrFail, readOptionsFrom } from './common.js';

export function registerEventsCommand(program: Command): void {
  const command = program
    .command('events')
    .description('print the typed event stream of one log as NDJSON (one event per line)')
    .argument('<file>', 'a log file: mjlog XML (gzip or plain) or tenhou.net/6 JSON')
    .option('--round <n>', 'only the n-th round of the game (1 = the first hand)', parseIntOption('--round', 1))
    .option('--meta', 'print the game record (rule, platform, players, seed) as the first line, with "type": "game"')
    .addOption(platformOption());
  addLimitOptions(command)
    .addHelpText(
      'after',
      `
A file that cannot be read gives one line on stderr naming where in the file and what was expected
(exit status 1); a log over a limit names the flag that raises it.

Events (schemas/events.schema.json): roundStart, draw, discard, call (chi, pon, daiminkan, kakan,
ankan, kita), kandora, riichi (declare, accepted), win, ryuukyoku, disconnect, reconnect.
Tiles are ids 0..135 (kind = id >> 2; 16, 52, 88 are the red fives).

Examples:
  kanshi events 2020052221gm-00a9-0000-6f0524c7.mjlog --round 3
  kanshi events game.json | grep '"call"'`,
    )
    .action((file: string, opts: { round?: number; meta?: boolean; [option: string]: unknown }) => {
      const game = readGameOrFail(file, readOptionsFrom(opts));
      checkRound(opts.round, game);
      const lines = onFileOrFail(file, () => {
        const text: string[] = [];
        if (opts.meta) {
          const { rounds, ...meta } = game;
          text.push(JSON.stringify({ type: 'game', ...meta, roundCount: rounds.length }));
        }
        const rounds = opts.round === undefined ? game.rounds : [game.rounds[opts.round - 1]];
        for (const round of rounds) for (const event of round.events) text.push(JSON.stringify(event));
        return text;
      });
      for (const line of lines) out(line);
    });
}
