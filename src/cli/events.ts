import type { Command } from 'commander';
import type { Platform } from '../events/index.js';
import { checkRound, out, parseIntOption, platformOption, readGameOrFail } from './common.js';

export function registerEventsCommand(program: Command): void {
  program
    .command('events')
    .description('print the typed event stream of one log as NDJSON (one event per line)')
    .argument('<file>', 'a log file: mjlog XML (gzip or plain) or tenhou.net/6 JSON')
    .option('--round <n>', 'only the n-th round of the game (1 = the first hand)', parseIntOption('--round', 1))
    .option('--meta', 'print the game record (rule, platform, players, seed) as the first line, with "type": "game"')
    .addOption(platformOption())
    .addHelpText(
      'after',
      `
Events (schemas/events.schema.json): roundStart, draw, discard, call (chi, pon, daiminkan, kakan,
ankan, kita), kandora, riichi (declare, accepted), win, ryuukyoku, disconnect, reconnect.
Tiles are ids 0..135 (kind = id >> 2; 16, 52, 88 are the red fives).

Examples:
  kanshi events 2020052221gm-00a9-0000-6f0524c7.mjlog --round 3
  kanshi events game.json | grep '"call"'`,
    )
    .action((file: string, opts: { round?: number; meta?: boolean; platform?: Platform }) => {
      const game = readGameOrFail(file, opts.platform);
      checkRound(opts.round, game);
      if (opts.meta) {
        const { rounds, ...meta } = game;
        out(JSON.stringify({ type: 'game', ...meta, roundCount: rounds.length }));
      }
      const rounds = opts.round === undefined ? game.rounds : [game.rounds[opts.round - 1]];
      for (const round of rounds) for (const event of round.events) out(JSON.stringify(event));
    });
}
