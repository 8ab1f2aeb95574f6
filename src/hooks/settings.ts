/**
 * Adding and removing skillpulse's capture hooks in a Claude Code `settings.json`, keeping every
 * other setting exactly as it was.
 *
 * Claude Code's format: `{"hooks": {"<Event>": [{"matcher"?: "...", "hooks": [{"type": "command",
 * "command": "...", "timeout"?: seconds}]}]}}`. We add one matcher group per event holding our one
 * command. A hook is ours when its command runs `hook capture` and names skillpulse (the installer
 * guarantees the name appears, see `captureCommand`). Install is idempotent (an existing hook of
 * ours is updated in place, never duplicated); uninstall removes only ours and drops the groups
 * and events it leaves empty.
 *
 * Pure functions over parsed JSON; reading, backing up and writing the file is in `install.ts`.
 */

/**
 * The events we hook: `SessionEnd` captures a session when it ends; `Stop` (after every response)
 * captures long sessions as they go, so a session that is never ended cleanly (killed terminal,
 * crash, a session left open for days) is still captured. Each capture is incremental, so
 * repeated captures of one transcript only read what was appended.
 */
export const CAPTURE_EVENTS = ['SessionEnd', 'Stop'] as const;
export type CaptureEvent = (typeof CAPTURE_EVENTS)[number];

/** Seconds Claude Code lets the hook run before cancelling it (it normally takes well under 1 s). */
export const HOOK_TIMEOUT_SECONDS = 30;

export interface CommandHook {
  type: 'command';
  command: string;
  timeout?: number;
  [key: string]: unknown;
}

export interface HookGroup {
  matcher?: string;
  hooks: unknown[];
  [key: string]: unknown;
}

export type SettingsObject = Record<string, unknown>;

/** Whether a hook entry is one of ours. */
export function isOurHook(hook: unknown): boolean {
  if (hook === null || typeof hook !== 'object') return false;
  const command = (hook as { command?: unknown }).command;
  return typeof command === 'string' && /\bhook capture\b/.test(command) && /skillpulse/i.test(command);
}

function hooksSection(settings: SettingsObject): Record<string, unknown> | null {
  const hooks = settings.hooks;
  return hooks !== null && typeof hooks === 'object' && !Array.isArray(hooks) ? (hooks as Record<string, unknown>) : null;
}

function groupsOf(section: Record<string, unknown>, event: string): unknown[] {
  const groups = section[event];
  return Array.isArray(groups) ? groups : [];
}

function ourHooksIn(group: unknown): CommandHook[] {
  if (group === null || typeof group !== 'object') return [];
  const hooks = (group as HookGroup).hooks;
  return Array.isArray(hooks) ? (hooks.filter(isOurHook) as CommandHook[]) : [];
}

export interface HookStatus {
  event: string;
  installed: boolean;
  /** Our command(s) found for this event. */
  commands: string[];
}

/** Which capture events carry our hook. */
export function hookStatus(settings: SettingsObject): HookStatus[] {
  const section = hooksSection(settings);
  return CAPTURE_EVENTS.map((event) => {
    const commands = section ? groupsOf(section, event).flatMap((g) => ourHooksIn(g).map((h) => h.command)) : [];
    return { event, installed: commands.length > 0, commands };
  });
}

export interface MergeResult {
  settings: SettingsObject;
  /** False when the settings already held exactly these hooks. */
  changed: boolean;
}

/**
 * Settings with our hook on every capture event. Everything else (other settings, other hooks,
 * their order) is kept; an outdated command of ours is replaced in place.
 */
export function addCaptureHooks(settings: SettingsObject, command: string): MergeResult {
  if (settings.hooks !== undefined && hooksSection(settings) === null) {
    throw new TypeError('"hooks" is not an object');
  }
  const next: SettingsObject = structuredClone(settings);
  const section = (hooksSection(next) ?? {}) as Record<string, unknown>;
  next.hooks = section;
  let changed = settings.hooks === undefined;
  for (const event of CAPTURE_EVENTS) {
    if (section[event] !== undefined && !Array.isArray(section[event])) throw new TypeError(`"hooks.${event}" is not an array`);
    const groups = groupsOf(section, event);
    const wanted: CommandHook = { type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS };
    let found = false;
    for (const group of groups) {
      if (group === null || typeof group !== 'object' || !Array.isArray((group as HookGroup).hooks)) continue;
      const list = (group as HookGroup).hooks;
      for (let i = 0; i < list.length; i++) {
        if (!isOurHook(list[i])) continue;
        if (found) {
          // A duplicate of ours (from an older install): drop it.
          list.splice(i, 1);
          i--;
          changed = true;
          continue;
        }
        found = true;
        const current = list[i] as CommandHook;
        if (current.command !== command || current.timeout !== HOOK_TIMEOUT_SECONDS || current.type !== 'command') {
          list[i] = { ...current, ...wanted };
          changed = true;
        }
      }
    }
    if (!found) {
      section[event] = [...groups, { hooks: [wanted] }];
      changed = true;
    } else {
      section[event] = groups.filter(
        (g) => !(g !== null && typeof g === 'object' && Array.isArray((g as HookGroup).hooks) && (g as HookGroup).hooks.length === 0),
      );
    }
  }
  return { settings: next, changed };
}

/** Settings without any hook of ours; groups and events left empty by that are removed too. */
export function removeCaptureHooks(settings: SettingsObject): MergeResult {
  const section = hooksSection(settings);
  if (section === null) return { settings, changed: false };
  const next: SettingsObject = structuredClone(settings);
  const nextSection = hooksSection(next) as Record<string, unknown>;
  let changed = false;
  for (const event of Object.keys(nextSection)) {
    const groups = nextSection[event];
    if (!Array.isArray(groups)) continue;
    const kept: unknown[] = [];
    for (const group of groups) {
      if (group === null || typeof group !== 'object' || !Array.isArray((group as HookGroup).hooks)) {
        kept.push(group);
        continue;
      }
      const hooks = (group as HookGroup).hooks;
      const remaining = hooks.filter((h) => !isOurHook(h));
      if (remaining.length === hooks.length) {
        kept.push(group);
        continue;
      }
      changed = true;
      if (remaining.length > 0) kept.push({ ...(group as HookGroup), hooks: remaining });
    }
    if (kept.length > 0) nextSection[event] = kept;
    else delete nextSection[event];
  }
  if (!changed) return { settings, changed: false };
  if (Object.keys(nextSection).length === 0) delete next.hooks;
  return { settings: next, changed };
}
