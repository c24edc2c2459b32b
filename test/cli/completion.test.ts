/** `kanshi completion bash|zsh`: the script completes the commands, each command's options and their values, as bash runs it. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { kanshi } from '../support/cli.js';

/** What the completion function offers for the words typed so far (the last one being completed). */
function complete(script: string, words: string[]): string[] {
  const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _kanshi; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['-c', program], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split('\n').filter(Boolean);
}

describe('kanshi completion', () => {
  const bash = kanshi(['completion', 'bash']);

  it('completes commands, the options of the command typed, and an option\'s values', () => {
    expect(bash.code).toBe(0);
    expect(complete(bash.stdout, ['kanshi', 're'])).toEqual(['replay', 'report']);
    expect(complete(bash.stdout, ['kanshi', 'replay', '--h'])).toEqual(['--hand', '--html', '--honba-points', '--help']);
    expect(complete(bash.stdout, ['kanshi', 'query', '--format', ''])).toEqual(['table', 'csv', 'json']);
    expect(complete(bash.stdout, ['kanshi', 'audit', '--fail-on', 'w'])).toEqual(['warning']);
  });

  it('completes the values of --profile and of every knob flag (issue 34: it offered none)', () => {
    expect(complete(bash.stdout, ['kanshi', 'audit', '--profile', ''])).toEqual(['tenhou', 'majsoul', 'mleague', 'ema', 'pro-strict']);
    expect(complete(bash.stdout, ['kanshi', 'replay', '--riichi-kan', ''])).toEqual(['none', 'waits', 'strict']);
    expect(complete(bash.stdout, ['kanshi', 'verify', '--kandora-timing', 'after'])).toEqual(['after-replacement', 'after-discard']);
    expect(complete(bash.stdout, ['kanshi', 'score', '--kiriage-mangan', ''])).toEqual(['none', 'always']);
  });

  it('gives zsh the same function through bashcompinit, and refuses another shell as a usage error', () => {
    const zsh = kanshi(['completion', 'zsh']);
    expect(zsh.stdout.split('\n')[0]).toBe('autoload -U +X bashcompinit && bashcompinit');
    expect(zsh.stdout).toContain(bash.stdout.split('\n').slice(1).join('\n').trim());
    const fish = kanshi(['completion', 'fish']);
    expect(fish.code).toBe(2);
    expect(fish.stderr).toMatch(/^kanshi: .*fish/m);
  });
});
