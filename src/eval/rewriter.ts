/**
 * The description rewriter: the prompt (structure of skill-creator's improve_description, with
 * per-query outcome text added), parsing of `<new_description>` answers, and the length/validity
 * guard (one retry with a note, then the candidate is refused).
 *
 * Blinding: the prompt is built only from train results and a history whose entries carry train
 * values only (`BlindedAttempt` has no test field at all), so nothing of the test set can reach it.
 */
import type { ModelBackend } from './backends.js';
import { MAX_DESCRIPTION_LENGTH, validateDescription } from './skill-file.js';
import { codePointLength, codePointSlice } from './stats.js';
import type { RunDetail } from './trigger-eval.js';

/** One train query's result as the rewriter sees it. */
export interface TrainQueryView {
  query: string;
  should_trigger: boolean;
  triggers: number;
  runs: number;
  errors: number;
  pass: boolean | null;
  run_details: RunDetail[];
}

/** An earlier candidate, train values only. */
export interface BlindedAttempt {
  description: string;
  passed: number;
  total: number;
  results: TrainQueryView[];
  note?: string;
}

export interface RewriteInput {
  skillName: string;
  skillText: string;
  current: BlindedAttempt;
  history: BlindedAttempt[];
}

/** What one run of a failed query did, in a few words (for the rewriter). */
export function describeRun(d: RunDetail): string {
  if (d.status === 'error') return `error (${d.error ?? 'unknown'})`;
  if (d.status === 'skipped') return 'not run';
  if (d.status === 'triggered') return 'invoked this skill';
  const parts: string[] = [];
  if (d.other_skills.length > 0) parts.push(`invoked other skill(s) ${d.other_skills.join(', ')}`);
  const tools = [...new Set(d.tools.filter((t) => t !== 'Skill'))];
  if (tools.length > 0) parts.push(`used tools ${tools.join(', ')}`);
  if (d.text.trim()) parts.push(`answered: "${codePointSlice(d.text.trim().replace(/\s+/g, ' '), 120)}"`);
  return parts.length > 0 ? parts.join('; ') : 'did not invoke the skill';
}

function failedLines(results: TrainQueryView[], positives: boolean): string[] {
  const lines: string[] = [];
  for (const r of results) {
    if (r.should_trigger !== positives || r.pass !== false) continue;
    lines.push(`  - "${r.query}" (triggered ${r.triggers}/${r.runs} times)`);
    const outcomes = r.run_details.filter((d) => d.status !== 'skipped').map((d) => `run ${d.run + 1}: ${describeRun(d)}`);
    for (const o of outcomes.slice(0, 3)) lines.push(`      ${o}`);
  }
  return lines;
}

/** The rewrite prompt. Only train values are ever passed in. */
export function buildRewritePrompt(input: RewriteInput): string {
  const { current } = input;
  const out: string[] = [];
  out.push(
    `You are improving the description of the Claude Code skill "${input.skillName}".`,
    '',
    'Claude sees only the name and description of each installed skill (in the list of available skills) and decides from these alone whether to load the skill for a user request. The body is read only after the skill was chosen. The description must therefore make Claude pick this skill for the requests it serves, and leave it alone for requests it does not.',
    '',
    `<current_description>"${current.description}"</current_description>`,
    '',
    `Current scores (Train: ${current.passed}/${current.total}):`,
    '<scores_summary>',
  );
  const missed = failedLines(current.results, true);
  if (missed.length > 0) out.push('FAILED TO TRIGGER (should have triggered but did not):', ...missed);
  const falses = failedLines(current.results, false);
  if (falses.length > 0) out.push('FALSE TRIGGERS (triggered but should not have):', ...falses);
  if (input.history.length > 0) {
    out.push('PREVIOUS ATTEMPTS (do not repeat these; try something structurally different):');
    for (const h of input.history) {
      out.push(`<attempt train=${h.passed}/${h.total}>`, `Description: "${h.description}"`, 'Train results:');
      for (const r of h.results) {
        out.push(
          `  [${r.pass === null ? 'ERROR' : r.pass ? 'PASS' : 'FAIL'}] "${codePointSlice(r.query, 80)}" (triggered ${r.triggers}/${r.runs})`,
        );
      }
      if (h.note) out.push(`Note: ${h.note}`);
      out.push('</attempt>');
    }
  }
  out.push('</scores_summary>', '', 'The full skill file:', '<skill_content>', input.skillText, '</skill_content>', '');
  out.push(
    'Write a new description. Guidelines:',
    '- Cover categories of user intent rather than the exact requests above: listing them would overfit, and the description is shown with every request.',
    '- Keep it to roughly 100-200 words even if that costs some accuracy. There is a hard limit of 1024 characters.',
    '- Write it as an instruction ("Use this skill for ..."), about what the user wants rather than how the skill works.',
    '- Make it distinctive: other skills compete for the same requests.',
    '- The run notes above show what Claude did instead of using the skill; use them.',
    '- If earlier attempts kept failing, change the structure, not only the wording. Every attempt is scored and the best one is kept, so be bold.',
    '- Do not use angle brackets (< or >) in the description.',
    '',
    'Reply with the new description only, inside <new_description> tags.',
  );
  return out.join('\n');
}

/** Parses a rewrite answer (V7): the first `<new_description>` pair, else the whole text; trimmed, quotes stripped. */
export function parseRewrite(response: string): string {
  const match = /<new_description>([\s\S]*?)<\/new_description>/.exec(response);
  const raw = match ? match[1]! : response;
  return raw.trim().replace(/^"+|"+$/g, '');
}

export interface RewriteLog {
  prompt: string;
  response: string;
  parsed_description: string;
  char_count: number;
  over_limit: boolean;
  problems: string[];
  retry_prompt?: string;
  retry_response?: string;
  retry_description?: string;
  retry_char_count?: number;
  /** The accepted description, or null when the candidate was refused. */
  final_description: string | null;
  cost_usd: number;
}

function problemsOf(description: string): string[] {
  if (description.trim() === '') return ['the description is empty'];
  return validateDescription(description).map((i) => i.message);
}

/** One rewrite with the guard: a description that is too long or invalid gets one retry, then is refused. */
export async function rewriteDescription(backend: ModelBackend, input: RewriteInput): Promise<RewriteLog> {
  const prompt = buildRewritePrompt(input);
  const first = await backend.complete(prompt);
  const parsed = parseRewrite(first.text);
  const problems = problemsOf(parsed);
  const log: RewriteLog = {
    prompt,
    response: first.text,
    parsed_description: parsed,
    char_count: codePointLength(parsed),
    over_limit: codePointLength(parsed) > MAX_DESCRIPTION_LENGTH,
    problems,
    final_description: problems.length === 0 ? parsed : null,
    cost_usd: first.costUsd ?? 0,
  };
  if (problems.length === 0) return log;
  const note = log.over_limit
    ? `Your previous description is ${log.char_count} characters, over the hard limit of ${MAX_DESCRIPTION_LENGTH}. Rewrite it under ${MAX_DESCRIPTION_LENGTH} characters, keeping the most important trigger words and the intent it covers.`
    : `Your previous description cannot be used: ${problems.join('; ')}. Rewrite it to fix this, keeping the trigger words and the intent it covers.`;
  const retryPrompt = `${prompt}\n\n---\n\n${note}\n\nPrevious description:\n"${parsed}"`;
  const second = await backend.complete(retryPrompt);
  const retried = parseRewrite(second.text);
  log.retry_prompt = retryPrompt;
  log.retry_response = second.text;
  log.retry_description = retried;
  log.retry_char_count = codePointLength(retried);
  log.cost_usd += second.costUsd ?? 0;
  log.final_description = problemsOf(retried).length === 0 ? retried : null;
  return log;
}
