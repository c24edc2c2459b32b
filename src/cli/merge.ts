import type { Command } from 'commander';
import { mergeDatabases, StoreError, type MergeInputResult } from '../store/index.js';
import { CliError, EXIT, out, say, outJson } from './common.js';
import { plural } from './format.js';
import { addCommandHelp, signalExitsAtOnce, USAGE_EXIT } from './help.js';
import { storeFailure } from './query.js';

interface MergeOptions {
  into: string;
  json?: boolean;
}

export function registerMergeCommand(program: Command): void {
  const command = program
    .command('merge')
    .description('copy the games and audits of several kanshi databases (e.g. the shards of audit --shard K/N) into one')
    .argument('<db...>', 'kanshi databases to merge from (read only)')
    .requiredOption('--into <file>', 'the database to merge into (created if missing)')
    .option('--json', 'print the result as one JSON object on stdout');
  addCommandHelp(command, {
    text: `
Games are matched by content hash (SHA-256 of the file) and rule sets by their rules key; each input is
merged in one transaction. A game in several inputs is kept once: its facts from the input whose kanshi
read it with a newer FACTS_VERSION (the first otherwise), its audit under each rule set the latest
(audited_at). Merging the same input again changes nothing. Every input is checked before anything is
merged: a file that is not a kanshi database, or of another schema version, is refused.`,
    exit: [
      [EXIT.ok, 'every input was merged'],
      [EXIT.failed, 'an input or the target cannot be used (missing, not a kanshi database, another schema version, a disk full)'],
      USAGE_EXIT,
      ...signalExitsAtOnce('each input is merged in one transaction: those committed are kept'),
    ],
    examples: `
  kanshi audit logs --shard 1/2 --db shard-1.sqlite
  kanshi audit logs --shard 2/2 --db shard-2.sqlite
  kanshi merge shard-1.sqlite shard-2.sqlite --into all.sqlite`,
  })
    .action((inputs: string[], opts: MergeOptions) => {
      let result;
      try {
        result = mergeDatabases(opts.into, inputs, { onInput: opts.json ? undefined : (r) => say(inputLine(r)) });
      } catch (err) {
        const why = err instanceof StoreError ? storeFailure(err).message : (err as Error).message;
        throw new CliError(`merge into ${opts.into} failed: ${why}`, EXIT.failed);
      }
      if (opts.json) {
        outJson(result);
      } else {
        out(`merged ${plural(inputs.length, 'database')} into ${opts.into} in ${result.seconds.toFixed(1)} s: ${plural(result.games, 'game')}, ${plural(result.audits, 'audit')}`);
      }
    });
}

function inputLine(r: MergeInputResult): string {
  return (
    `kanshi: ${r.file}: games ${r.gamesAdded} added, ${r.gamesReplaced} replaced, ${r.gamesKept} already there; ` +
    `audits ${r.auditsAdded} added, ${r.auditsReplaced} replaced, ${r.auditsKept} already there (${r.seconds.toFixed(1)} s)`
  );
}
