/**
 * An "Examples:" section for every command's `--help`. A command module may add its own with
 * `.addHelpText('after', …)`; commands without one get theirs from this table, by command path.
 * `help-examples.test.ts` walks the live command tree and fails for any visible command that has
 * no examples, so new commands cannot ship without them.
 */
import type { Command } from 'commander';

export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  sessions: ['skillpulse sessions', 'skillpulse sessions --sessions ~/archive/claude --json'],
  invocations: ['skillpulse invocations --skill pdf', 'skillpulse invocations --sessions ./transcripts --json | jq length'],
  analyze: [
    'skillpulse analyze',
    'skillpulse analyze --session-dir ~/.claude/projects --output feedback-store/feedback.jsonl',
    'skillpulse analyze --skill-filter pdf --no-snippets --archive-days 30',
  ],
  report: ['skillpulse report', 'skillpulse report --skill pdf --min-invocations 10', 'skillpulse report --html skill-health.html'],
  trend: ['skillpulse trend pdf', 'skillpulse trend superpowers:writing-plans --now 2026-06-01 --json'],
  hotspots: ['skillpulse hotspots pdf', 'skillpulse hotspots pdf --json'],
  show: ['skillpulse show pdf', 'skillpulse show pdf --all --no-snippets'],
  compare: [
    'skillpulse compare pdf --at 2026-05-01',
    'skillpulse compare pdf --by-version',
    'skillpulse compare pdf --by-version --before 3f2a9c --after 8d1e07',
  ],
  scan: ['skillpulse scan', 'skillpulse scan --sessions ~/archive/claude --debug', 'skillpulse scan --full --db /tmp/skillpulse.db'],
  health: ['skillpulse health', 'skillpulse health pdf --json', 'skillpulse health --scan --min-invocations 10'],
  skills: ['skillpulse skills', 'skillpulse skills --project-root ~/code/app --json'],
  feedback: ['skillpulse feedback record --skill pdf --result failure --notes "lost page 3"', 'skillpulse feedback analyze --skill pdf'],
  'feedback record': [
    'skillpulse feedback record --skill pdf --result success --task "merge two invoices"',
    'skillpulse feedback record --skill pdf --result partial --notes "page numbers wrong" --scope project',
  ],
  'feedback list': ['skillpulse feedback list', 'skillpulse feedback list --skill pdf --days 7 --json'],
  'feedback analyze': ['skillpulse feedback analyze --skill pdf', 'skillpulse feedback analyze --skill pdf --days 0 --json'],
  'feedback clear': ['skillpulse feedback clear --skill pdf', 'skillpulse feedback clear --all --yes'],
  import: [
    'skillpulse import ~/.skillix/data/feedbacks.json',
    'skillpulse import feedback-store/feedback.jsonl feedback-store/archive/*.jsonl',
  ],
  export: ['skillpulse export --format csv --output skillpulse.csv', 'skillpulse export --format jsonl --data events --skill pdf'],
  eval: [
    'skillpulse eval trigger --skill-path .claude/skills/pdf --eval-set evals/pdf-triggers.json',
    'skillpulse eval optimize --skill-path .claude/skills/pdf --eval-set evals/pdf-triggers.json --apply',
  ],
  'eval trigger': [
    'skillpulse eval trigger --skill-path .claude/skills/pdf --eval-set evals/pdf-triggers.json',
    'skillpulse eval trigger --skill-path .claude/skills/pdf --eval-set evals/pdf-triggers.json --dry-run',
    'skillpulse eval trigger --skill-path .claude/skills/pdf --eval-set evals/pdf-triggers.json --runs-per-query 5 --html trigger.html',
  ],
  'eval optimize': [
    'skillpulse eval optimize --skill-path .claude/skills/pdf --eval-set evals/pdf-triggers.json',
    'skillpulse eval optimize --skill-path .claude/skills/pdf --eval-set evals/pdf-triggers.json --max-iterations 3 --apply',
  ],
  'eval benchmark': ['skillpulse eval benchmark pdf-workspace/iteration-1 --skill-name pdf'],
  'eval grade': ['skillpulse eval grade --outputs runs/eval-0/outputs --expectation "the invoice total is 42.00"'],
  'eval compare': ['skillpulse eval compare runs/old/outputs runs/new/outputs --prompt "fill the tax form"'],
  'eval analyze': [
    'skillpulse eval analyze --comparison comparison.json --skill-a old/pdf --skill-b new/pdf',
    'skillpulse eval analyze --benchmark benchmark.json --write-notes',
  ],
  outcome: ['skillpulse outcome record --task t-42 --duration-ms 240000 --errors 0 --retries 0 --success --strategy file-based'],
  'outcome record': [
    'skillpulse outcome record --task t-42 --duration-ms 240000 --errors 0 --retries 0 --success --strategy file-based',
    'skillpulse outcome record --task t-43 --duration-ms 2100000 --errors 3 --retries 2 --failure --failure-details "timeout in tests"',
  ],
  patterns: ['skillpulse patterns', 'skillpulse patterns --state proven --json'],
  'patterns observe': [
    'skillpulse patterns observe file-based --success',
    'skillpulse patterns observe "split by layer" --failure --task t-43',
  ],
  'patterns promote': ['skillpulse patterns promote file-based'],
  'patterns deprecate': ['skillpulse patterns deprecate "one file per subtask" --reason "merge conflicts every time"'],
  'patterns reset': ['skillpulse patterns reset "one file per subtask"'],
  'patterns extract': [
    'skillpulse patterns extract "types first, then one subtask per API route, tests alongside"',
    'skillpulse patterns extract "先定义共享类型，再按层拆分" --lang zh',
  ],
  errors: ['skillpulse errors record --task t-43 --type timeout --message "tests hung"', 'skillpulse errors context --task t-43'],
  'errors record': ['skillpulse errors record --task t-43 --type tool_failure --tool Bash --message "npm test exited 1"'],
  'errors resolve': ['skillpulse errors resolve err_1a2b3c'],
  'errors stats': ['skillpulse errors stats', 'skillpulse errors stats --task t-43 --json'],
  'errors context': ['skillpulse errors context --task t-43', 'skillpulse errors context --task t-43 --include-resolved --lang zh'],
  'prompt-context': ['skillpulse prompt-context', 'skillpulse prompt-context --lang zh --task t-43'],
};

/** The path of a command below the program, e.g. `feedback record`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Whether a command already prints text after its help (its own examples). */
export function hasOwnExamples(command: Command): boolean {
  // Commander commands are EventEmitters; its typings do not say so.
  return (command as unknown as NodeJS.EventEmitter).listenerCount('afterHelp') > 0;
}

/** Adds the table's examples to every command that has none of its own. */
export function applyHelpExamples(program: Command): void {
  const visit = (command: Command) => {
    for (const sub of command.commands) {
      const examples = EXAMPLES[commandPath(sub)];
      if (examples && !hasOwnExamples(sub)) {
        sub.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}`);
      }
      visit(sub);
    }
  };
  visit(program);
  if (!hasOwnExamples(program)) {
    program.addHelpText(
      'after',
      `
Examples:
  $ skillpulse                          # scan the default locations, then show every skill's health
  $ skillpulse report --html health.html
  $ skillpulse feedback record --skill pdf --result failure --notes "lost page 3"
  $ skillpulse hooks install            # capture every session automatically
  $ skillpulse <command> --help         # details and examples of one command`,
    );
  }
}
