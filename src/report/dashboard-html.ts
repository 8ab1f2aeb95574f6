/**
 * Renders `DashboardData` as one self-contained HTML file: inline CSS, inline script, data as
 * JSON in a `<script type="application/json">` block. It makes no network requests (a
 * Content-Security-Policy with `default-src 'none'` forbids them, and the inline style and script
 * are allowed by their sha256 hashes only), and it works from `file://`.
 *
 * Untrusted text (skill names, snippets, reasons — anything from transcripts) never becomes
 * markup: the JSON block escapes `<`, `>`, `&` and the line separators as `\uXXXX`, so no
 * `</script>` can close it, and the page's script renders every string with `textContent`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DashboardData } from './dashboard-data.js';

let assets: { style: string; script: string } | null = null;

function loadAssets(): { style: string; script: string } {
  assets ??= {
    style: readFileSync(new URL('./dashboard/style.css', import.meta.url), 'utf8'),
    script: readFileSync(new URL('./dashboard/client.js.txt', import.meta.url), 'utf8'),
  };
  return assets;
}

/** JSON that is safe inside a `<script>` element and inside HTML in general. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text escaped for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function renderDashboardHtml(data: DashboardData): string {
  const { style, script } = loadAssets();
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    'img-src data:',
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="skillpulse ${escapeHtml(data.skillpulseVersion)}">
<title>${escapeHtml(data.title)}</title>
<style>${style}</style>
</head>
<body>
<noscript><p class="noscript">This dashboard draws its tables and charts with JavaScript; please allow scripts for this file.</p></noscript>
<div id="app" aria-live="polite"></div>
<script type="application/json" id="skillpulse-data">${jsonForScript(data)}</script>
<script>${script}</script>
</body>
</html>
`;
}
