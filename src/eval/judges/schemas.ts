/** zod schemas of what the judges must answer (the model's part of grading/comparison/analysis.json). */
import { z } from 'zod';

const text = z.string().trim().min(1);

export const GraderAnswer = z.object({
  expectations: z.array(z.object({ text: z.string(), passed: z.boolean(), evidence: text })),
  claims: z
    .array(z.object({ claim: text, type: z.enum(['factual', 'process', 'quality']), verified: z.boolean(), evidence: text }))
    .default([]),
  user_notes_summary: z
    .object({
      uncertainties: z.array(z.string()).default([]),
      needs_review: z.array(z.string()).default([]),
      workarounds: z.array(z.string()).default([]),
    })
    .optional(),
  eval_feedback: z.object({ suggestions: z.array(z.object({ assertion: z.string().optional(), reason: text })), overall: text }).optional(),
});
export type GraderAnswer = z.infer<typeof GraderAnswer>;

const score5 = z.number().int().min(1).max(5);
const Rubric = z.object({
  content: z.object({ correctness: score5, completeness: score5, accuracy: score5 }),
  structure: z.object({ organization: score5, formatting: score5, usability: score5 }),
});
const Quality = z.object({ score: z.number().min(1).max(10), strengths: z.array(z.string()), weaknesses: z.array(z.string()) });
const ExpectationChecks = z.array(z.object({ text: z.string(), passed: z.boolean() }));

export const ComparatorAnswer = z.object({
  winner: z.enum(['A', 'B', 'TIE']),
  reasoning: text,
  rubric: z.object({ A: Rubric, B: Rubric }),
  output_quality: z.object({ A: Quality, B: Quality }),
  expectation_results: z.object({ A: ExpectationChecks, B: ExpectationChecks }).optional(),
});
export type ComparatorAnswer = z.infer<typeof ComparatorAnswer>;

const Side = z.object({ score: z.number().min(1).max(10), issues: z.array(z.string()) });
export const AnalyzerAnswer = z.object({
  comparison_summary: z.object({
    winner: z.enum(['A', 'B', 'TIE']),
    winner_skill: z.string(),
    loser_skill: z.string(),
    comparator_reasoning: z.string(),
  }),
  winner_strengths: z.array(z.string()),
  loser_weaknesses: z.array(z.string()),
  instruction_following: z.object({ winner: Side, loser: Side }),
  improvement_suggestions: z.array(
    z.object({
      priority: z.enum(['high', 'medium', 'low']),
      category: z.enum(['instructions', 'tools', 'examples', 'error_handling', 'structure', 'references']),
      suggestion: text,
      expected_impact: z.string(),
    }),
  ),
  transcript_insights: z.object({ winner_execution_pattern: z.string(), loser_execution_pattern: z.string() }),
});
export type AnalyzerAnswer = z.infer<typeof AnalyzerAnswer>;

export const BenchmarkNotes = z.array(text).min(1);
