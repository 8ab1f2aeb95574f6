import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBuiltinCommand } from './builtins.js';

/** The system/init event the real client 2.1.330 wrote into a recorded stream-json run. */
function recordedInit(): { slash_commands: string[]; skills: string[] } {
  const url = new URL('../../test/fixtures/stream-json/triggering.jsonl', import.meta.url);
  for (const line of readFileSync(url, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as { type?: string; subtype?: string; slash_commands?: string[]; skills?: string[] };
    if (event.type === 'system' && event.subtype === 'init')
      return { slash_commands: event.slash_commands ?? [], skills: event.skills ?? [] };
  }
  throw new Error('no system/init event in the recorded stream-json fixture');
}

describe('built-in command list against the real client', () => {
  it('covers every slash command of client 2.1.330 that is not a skill', () => {
    const init = recordedInit();
    const notSkills = init.slash_commands.filter((name) => !init.skills.includes(name));
    expect(notSkills.length).toBeGreaterThan(10);
    expect(notSkills.filter((name) => !isBuiltinCommand(name))).toEqual([]);
  });

  it('does not treat the skills the client lists as built-in commands (bar doctor, a local command in older clients)', () => {
    const init = recordedInit();
    expect(init.skills.filter((name) => isBuiltinCommand(name))).toEqual(['doctor']);
  });
});
