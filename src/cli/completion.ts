/**
 * `kanshi completion bash|zsh`: a completion script made from the program's own commands and options, so
 * it cannot drift from them. zsh runs the bash function through bashcompinit.
 */
import { Argument, type Command } from 'commander';
import { KNOBS, PROFILE_NAMES } from '../rules/index.js';
import { CliError, EXIT, out } from './common.js';
import { addCommandHelp } from './help.js';

/**
 * The values of the rule options, which check their values themselves (src/cli/rule-options.ts: a message
 * naming the knob's values) rather than through commander's choices: `--profile` and one flag per knob.
 */
function ruleOptionValues(): Record<string, string[]> {
  return Object.fromEntries([['--profile', [...PROFILE_NAMES]], ...KNOBS.map((k) => [k.flag, k.values.map((v) => String(v.value))])]);
}

/** Each command's name, the long options it takes (commander's own list), and the values of those that have a fixed set. */
export function completionWords(program: Command): { command: string; options: string[]; choices: Record<string, string[]> }[] {
  const ruleValues = ruleOptionValues();
  return program.commands.map((c) => ({
    command: c.name(),
    options: [...c.options.map((o) => o.long).filter((l): l is string => !!l), '--help'],
    choices: Object.fromEntries(
      c.options.flatMap((o) => {
        if (!o.long) return [];
        const values = o.argChoices ?? ruleValues[o.long];
        return values ? [[o.long, values]] : [];
      }),
    ),
  }));
}

const shellWord = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

export function completionScript(program: Command, shell: 'bash' | 'zsh'): string {
  const words = completionWords(program);
  const commands = [...words.map((w) => w.command), 'help'].join(' ');
  const optionCases = words.map((w) => `    ${w.command}) opts=${shellWord(w.options.join(' '))} ;;`).join('\n');
  const choiceCases = words
    .flatMap((w) => Object.entries(w.choices).map(([flag, values]) => `    ${w.command}:${flag}) COMPREPLY=($(compgen -W ${shellWord(values.join(' '))} -- "$cur")); return ;;`))
    .join('\n');
  const body = `# kanshi completion (${shell}): eval "$(kanshi completion ${shell})", or save it where your shell loads completions.
_kanshi() {
  local cur prev cmd opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W ${shellWord(commands)} -- "$cur"))
    return
  fi
  cmd="\${COMP_WORDS[1]}"
  case "$cmd:$prev" in
${choiceCases}
  esac
  case "$cmd" in
${optionCases}
    *) opts='' ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _kanshi kanshi
`;
  return shell === 'zsh' ? `autoload -U +X bashcompinit && bashcompinit\n${body}` : body;
}

export function registerCompletionCommand(program: Command): void {
  const command = program
    .command('completion')
    .description('print a shell completion script for the commands and their options')
    .addArgument(new Argument('<shell>', 'bash or zsh').choices(['bash', 'zsh']));
  addCommandHelp(command, {
    exit: [
      [EXIT.ok, 'the script was printed'],
      [EXIT.failed, 'stdout cannot be written'],
      [EXIT.usage, 'a usage error: no shell, or one other than bash and zsh'],
    ],
    examples: `
  eval "$(kanshi completion bash)"          # this shell
  kanshi completion bash > ~/.local/share/bash-completion/completions/kanshi
  kanshi completion zsh >> ~/.zshrc`,
  }).action((shell: string) => {
    if (shell !== 'bash' && shell !== 'zsh') throw new CliError(`completion: no script for ${shell} (bash or zsh)`);
    out(completionScript(program, shell).trimEnd());
  });
}
