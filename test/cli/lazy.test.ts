/**
 * Start-up (issue 35): the program imports a command's module only when the command runs
 * (src/cli/program.ts). `kanshi --help` and an unknown command list the commands from program.ts's own
 * names and descriptions: they must be the modules' own, so the help reads as when every module was loaded.
 */
import { describe, expect, it } from 'vitest';
import { buildProgram, COMMAND_NAMES, programPlan } from '../../src/cli/program.js';

describe('the commands listed without their modules', () => {
  it('make the same program help as the commands registered whole', async () => {
    const whole = await buildProgram();
    const listed = await buildProgram({ load: [], listed: true });
    expect(listed.helpInformation()).toBe(whole.helpInformation());
    expect(whole.commands.map((c) => c.name())).toEqual(COMMAND_NAMES);
    for (const [i, c] of whole.commands.entries()) {
      const l = listed.commands[i];
      expect(l.name()).toBe(c.name());
      expect(l.description(), c.name()).toBe(c.description());
      expect(l.registeredArguments.map((a) => [a.name(), a.required, a.variadic]), c.name()).toEqual(c.registeredArguments.map((a) => [a.name(), a.required, a.variadic]));
      expect(l.options.length > 0, c.name()).toBe(c.options.length > 0);
    }
  });
});

describe('programPlan', () => {
  it('loads a command alone when it runs, nothing for --version, the list for the help and an unknown command, all for completion', () => {
    expect(programPlan(['score', '123m456p789s11z22z', '--win', '2z'])).toEqual({ load: ['score'], listed: false });
    expect(programPlan(['info', '--help'])).toEqual({ load: ['info'], listed: false });
    expect(programPlan(['help', 'audit'])).toEqual({ load: ['audit'], listed: false });
    expect(programPlan(['--version'])).toEqual({ load: [], listed: false });
    expect(programPlan(['-V'])).toEqual({ load: [], listed: false });
    for (const args of [[], ['--help'], ['-h'], ['help'], ['frobnicate'], ['scor', '--help']]) expect(programPlan(args), args.join(' ')).toEqual({ load: [], listed: true });
    for (const args of [['completion', 'bash'], ['-x', 'score'], ['--version', 'score'], ['help', 'score', 'extra'], ['help', 'frobnicate']]) {
      expect(programPlan(args), args.join(' ')).toEqual({ load: COMMAND_NAMES, listed: false });
    }
  });
});
