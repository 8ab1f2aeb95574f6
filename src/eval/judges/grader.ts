/**
 * The grader: expectations → PASS/FAIL with evidence, claims, optional eval feedback → grading.json
 * (skill-creator's schema: `expectations[{text, passed, evidence}]`, `summary`, `execution_metrics`,
 * `timing`, `claims`, `user_notes_summary`, `eval_feedback?`). A PASS must quote the transcript or
 * the outputs verbatim; a FAIL needs a reason. Answers that break these rules are retried.
 */
import path from 'node:path';
import type { ModelBackend } from '../backends.js';
import { pyRound } from '../stats.js';
import { callJson, type JsonCallLog } from './json-call.js';
import { GraderAnswer } from './schemas.js';
import { normaliseForQuote, readOptionalJson, readOptionalText, readOutputs, renderOutputs } from './sources.js';

export interface GradeInput {
  expectations: string[];
  /** The run's outputs folder (`<run>/outputs`). */
  outputsDir: string;
  /** Transcript file (default `<outputs>/../transcript.md` when present). */
  transcriptFile?: string | undefined;
  backend: ModelBackend;
  now?: () => number;
}

export interface Grading {
  expectations: Array<{ text: string; passed: boolean; evidence: string }>;
  summary: { passed: number; failed: number; total: number; pass_rate: number };
  execution_metrics?: Record<string, unknown>;
  timing: { executor_duration_seconds: number | null; grader_duration_seconds: number; total_duration_seconds: number | null };
  claims: GraderAnswer['claims'];
  user_notes_summary: { uncertainties: string[]; needs_review: string[]; workarounds: string[] };
  eval_feedback?: GraderAnswer['eval_feedback'];
}

/** The quoted parts of an evidence string (double quotes, curly quotes or backticks), at least 4 characters. */
export function quotedParts(evidence: string): string[] {
  return [...evidence.matchAll(/"([^"]{4,})"|\u201c([^\u201d]{4,})\u201d|`([^`]{4,})`/g)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** Problems with a grader answer beyond the schema: count, and PASS evidence that is not a verbatim quote. */
export function gradingProblems(answer: GraderAnswer, expectations: string[], sources: string): string[] {
  const problems: string[] = [];
  if (answer.expectations.length !== expectations.length) {
    problems.push(`expected exactly ${expectations.length} expectation verdicts in the given order, got ${answer.expectations.length}`);
    return problems;
  }
  const haystack = normaliseForQuote(sources);
  answer.expectations.forEach((e, i) => {
    if (!e.passed) return;
    const quotes = quotedParts(e.evidence);
    const candidates = quotes.length > 0 ? quotes : [e.evidence];
    if (!candidates.some((q) => haystack.includes(normaliseForQuote(q)))) {
      problems.push(
        `expectations[${i}] passed but its evidence does not quote the transcript or outputs verbatim (put the exact words in double quotes)`,
      );
    }
  });
  return problems;
}

export function buildGradePrompt(expectations: string[], transcript: string | null, outputs: string, notes: string | null): string {
  return [
    'You are grading one run of an AI agent against a list of expectations.',
    '',
    'Rules:',
    '- Each expectation is PASS or FAIL; there is no partial credit.',
    '- The burden of proof is on the expectation: FAIL when the evidence is missing, contradicts it, cannot be verified, is only superficial (a file exists but its content is wrong), or when it holds by coincidence.',
    '- For a PASS, the evidence must quote the transcript or the output files word for word, inside double quotes.',
    '- For a FAIL, say what is missing or wrong.',
    '- Also list the claims the run makes (factual, process or quality) and whether you could verify each.',
    '- If some expectations are weak (trivially satisfied, or not checking what matters), add eval_feedback.',
    notes !== null ? '- Summarise the executor notes into uncertainties, needs_review and workarounds.' : '',
    '',
    'Expectations, in order:',
    ...expectations.map((e, i) => `${i + 1}. ${e}`),
    '',
    '<transcript>',
    transcript ?? '(no transcript)',
    '</transcript>',
    '',
    '<outputs>',
    outputs,
    '</outputs>',
    ...(notes !== null ? ['', '<executor_notes>', notes, '</executor_notes>'] : []),
    '',
    'Answer with one JSON object only:',
    '{"expectations": [{"text": "<the expectation>", "passed": true|false, "evidence": "<quote or reason>"}],',
    ' "claims": [{"claim": "...", "type": "factual"|"process"|"quality", "verified": true|false, "evidence": "..."}],',
    notes !== null ? ' "user_notes_summary": {"uncertainties": [], "needs_review": [], "workarounds": []},' : '',
    ' "eval_feedback": {"suggestions": [{"assertion": "...", "reason": "..."}], "overall": "..."}  (omit when not warranted)}',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

export async function gradeRun(input: GradeInput): Promise<{ grading: Grading; log: JsonCallLog }> {
  const now = input.now ?? Date.now;
  const started = now();
  const runDir = path.dirname(path.resolve(input.outputsDir));
  const transcriptFile = input.transcriptFile ?? path.join(runDir, 'transcript.md');
  const transcript = await readOptionalText(transcriptFile);
  const outputs = await readOutputs(input.outputsDir);
  const notes = await readOptionalText(path.join(input.outputsDir, 'user_notes.md'));
  const rendered = renderOutputs(outputs);
  const prompt = buildGradePrompt(input.expectations, transcript, rendered, notes);
  const sources = `${transcript ?? ''}\n${outputs.files.map((f) => f.text).join('\n')}`;
  const { value, log } = await callJson(input.backend, prompt, GraderAnswer, {
    what: 'grader',
    check: (answer) => gradingProblems(answer, input.expectations, sources),
  });
  const expectations = value.expectations.map((e, i) => ({ text: input.expectations[i]!, passed: e.passed, evidence: e.evidence }));
  const passed = expectations.filter((e) => e.passed).length;
  const metrics = await readOptionalJson(path.join(input.outputsDir, 'metrics.json'));
  const timing = await readOptionalJson(path.join(runDir, 'timing.json'));
  const executor =
    typeof timing?.executor_duration_seconds === 'number'
      ? timing.executor_duration_seconds
      : typeof timing?.total_duration_seconds === 'number'
        ? timing.total_duration_seconds
        : null;
  const graderSeconds = pyRound((now() - started) / 1000, 1);
  const grading: Grading = {
    expectations,
    summary: {
      passed,
      failed: expectations.length - passed,
      total: expectations.length,
      pass_rate: expectations.length > 0 ? pyRound(passed / expectations.length, 2) : 0,
    },
    timing: {
      executor_duration_seconds: executor,
      grader_duration_seconds: graderSeconds,
      total_duration_seconds: executor === null ? null : pyRound(executor + graderSeconds, 1),
    },
    claims: value.claims,
    user_notes_summary: value.user_notes_summary ?? { uncertainties: [], needs_review: [], workarounds: [] },
  };
  if (metrics) {
    const { files_created: _files, ...rest } = metrics;
    grading.execution_metrics = rest;
  }
  if (value.eval_feedback) grading.eval_feedback = value.eval_feedback;
  return { grading, log };
}
