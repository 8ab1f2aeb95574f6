/**
 * Snippets and secret redaction (issue item 7). Transcripts hold secrets: every snippet is
 * redacted first (always, whatever the flags), then whitespace-collapsed, then cut to 200 code
 * points, so a secret can never be half-kept by the cut. Pure.
 */
import { collapseWhitespace, takeCodePoints } from './normalize.js';

export const SNIPPET_MAX = 200;
export const REDACTED = '[REDACTED]';

interface SecretPattern {
  name: string;
  pattern: RegExp;
  /** Replacement; `$1` keeps a captured prefix such as `password=`. */
  replace: string;
}

/** Known secret shapes. Order matters: whole blocks first, then prefixed tokens, then key=value. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    name: 'private key block',
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|$)/g,
    replace: REDACTED,
  },
  { name: 'bearer token', pattern: /\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, replace: `$1${REDACTED}` },
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/g, replace: REDACTED },
  { name: 'OpenAI/Anthropic key', pattern: /\bsk-[A-Za-z0-9_-]{16,}/g, replace: REDACTED },
  { name: 'GitHub token', pattern: /\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, replace: REDACTED },
  { name: 'AWS access key id', pattern: /\b(AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b/g, replace: REDACTED },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, replace: REDACTED },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g, replace: REDACTED },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, replace: REDACTED },
  {
    name: 'credential assignment',
    pattern:
      /\b((?:password|passwd|pwd|passphrase|token|access[_-]?token|refresh[_-]?token|auth[_-]?token|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key)["']?\s*[=:]\s*)("[^"\n]*"|'[^'\n]*'|[^\s,;&"'}]+)/gi,
    replace: `$1${REDACTED}`,
  },
  { name: 'URL credentials', pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, replace: `$1${REDACTED}@` },
];

/** Replaces every known secret in `text` with `[REDACTED]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const { pattern, replace } of SECRET_PATTERNS) out = out.replace(pattern, replace);
  return out;
}

/**
 * The stored snippet: redacted, whitespace collapsed, at most `maxLength` code points (the
 * config's `snippets.maxLength`; never more than 200); '' when disabled.
 */
export function makeSnippet(text: string, options: { enabled?: boolean; maxLength?: number } = {}): string {
  if (options.enabled === false) return '';
  const max = Math.max(0, Math.min(options.maxLength ?? SNIPPET_MAX, SNIPPET_MAX));
  return takeCodePoints(collapseWhitespace(redactSecrets(text)), max);
}
