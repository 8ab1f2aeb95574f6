import { describe, expect, it } from 'vitest';
import { addCaptureHooks, CAPTURE_EVENTS, HOOK_TIMEOUT_SECONDS, hookStatus, isOurHook, removeCaptureHooks } from './settings.js';

const COMMAND = 'skillpulse hook capture';

const userSettings = () => ({
  model: 'opus',
  permissions: { allow: ['Bash(npm test)'], deny: [] },
  env: { FOO: '1' },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'say done', timeout: 5 }] }],
  },
});

describe('isOurHook', () => {
  it('recognises our command in its forms, and nothing else', () => {
    expect(isOurHook({ type: 'command', command: 'skillpulse hook capture' })).toBe(true);
    expect(isOurHook({ type: 'command', command: '/usr/bin/node /opt/node_modules/skillpulse/dist/cli/main.js hook capture' })).toBe(true);
    expect(isOurHook({ type: 'command', command: '/usr/bin/node /work/dist/cli/main.js hook capture # skillpulse' })).toBe(true);
    expect(isOurHook({ type: 'command', command: 'say done' })).toBe(false);
    expect(isOurHook({ type: 'command', command: 'other-tool hook capture' })).toBe(false);
    expect(isOurHook('skillpulse hook capture')).toBe(false);
  });
});

describe('addCaptureHooks', () => {
  it('adds a group per capture event and keeps every other setting and hook', () => {
    const before = userSettings();
    const { settings, changed } = addCaptureHooks(before, COMMAND);
    expect(changed).toBe(true);
    expect(before).toEqual(userSettings()); // input not mutated
    expect(settings.model).toBe('opus');
    expect(settings.permissions).toEqual(before.permissions);
    expect(settings.env).toEqual(before.env);
    const hooks = settings.hooks as Record<string, unknown[]>;
    expect(hooks.PreToolUse).toEqual(before.hooks.PreToolUse);
    expect(hooks.Stop).toEqual([...before.hooks.Stop, { hooks: [{ type: 'command', command: COMMAND, timeout: HOOK_TIMEOUT_SECONDS }] }]);
    expect(hooks.SessionEnd).toEqual([{ hooks: [{ type: 'command', command: COMMAND, timeout: HOOK_TIMEOUT_SECONDS }] }]);
    expect(hookStatus(settings).map((s) => s.installed)).toEqual(CAPTURE_EVENTS.map(() => true));
  });

  it('is idempotent and updates an outdated command of ours in place', () => {
    const once = addCaptureHooks(userSettings(), COMMAND).settings;
    const twice = addCaptureHooks(once, COMMAND);
    expect(twice.changed).toBe(false);
    expect(twice.settings).toEqual(once);
    const moved = addCaptureHooks(once, '/usr/bin/node /x/skillpulse/dist/cli/main.js hook capture');
    expect(moved.changed).toBe(true);
    const stop = (moved.settings.hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>>).Stop;
    expect(stop).toHaveLength(2);
    expect(stop?.[1]?.hooks[0]?.command).toBe('/usr/bin/node /x/skillpulse/dist/cli/main.js hook capture');
  });

  it('removes duplicates of ours left by older installs', () => {
    const dup = {
      hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: COMMAND }] }, { hooks: [{ type: 'command', command: COMMAND }] }] },
    };
    const { settings } = addCaptureHooks(dup, COMMAND);
    expect(hookStatus(settings).find((s) => s.event === 'SessionEnd')?.commands).toEqual([COMMAND]);
    expect((settings.hooks as Record<string, unknown[]>).SessionEnd).toHaveLength(1);
  });

  it('refuses settings whose hooks are not an object', () => {
    expect(() => addCaptureHooks({ hooks: [] }, COMMAND)).toThrow('"hooks" is not an object');
    expect(() => addCaptureHooks({ hooks: { Stop: {} } }, COMMAND)).toThrow('"hooks.Stop" is not an array');
  });
});

describe('removeCaptureHooks', () => {
  it('restores the settings exactly as they were before install', () => {
    const installed = addCaptureHooks(userSettings(), COMMAND).settings;
    const { settings, changed } = removeCaptureHooks(installed);
    expect(changed).toBe(true);
    expect(settings).toEqual(userSettings());
  });

  it('removes only our entry from a shared group and leaves foreign hooks alone', () => {
    const mixed = {
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'command', command: 'say done' },
              { type: 'command', command: COMMAND },
            ],
          },
        ],
      },
    };
    expect(removeCaptureHooks(mixed).settings).toEqual({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] } });
  });

  it('drops the hooks key it emptied, and changes nothing when none of ours is there', () => {
    expect(removeCaptureHooks(addCaptureHooks({}, COMMAND).settings).settings).toEqual({});
    const plain = userSettings();
    expect(removeCaptureHooks(plain)).toEqual({ settings: plain, changed: false });
  });
});
