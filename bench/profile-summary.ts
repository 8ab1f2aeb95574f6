/**
 * Summarises V8 `.cpuprofile` files (written by `node --cpu-prof`): self time per function, so a
 * benchmark that misses its target can name the functions that cost the time.
 *
 *   tsx bench/profile-summary.ts <file-or-dir>... [--top 20]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface HotFunction {
  /** `name (file:line)`, files relative to the repo when inside it. */
  name: string;
  selfMs: number;
  selfPercent: number;
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  top: HotFunction[];
}

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));

function frameName(frame: CallFrame): string {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return fn;
  let where = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  if (where.startsWith(REPO)) where = relative(REPO, where);
  return `${fn} (${where}:${frame.lineNumber + 1})`;
}

/** Self time per function (samples × their time deltas), largest first. */
export function summarizeProfile(profile: CpuProfile, file: string, top = 20): ProfileSummary {
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) byId.set(node.id, node);
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] as number);
    const dt = (deltas[i] ?? 0) / 1000;
    if (!node || dt < 0) continue;
    total += dt;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + dt);
  }
  const hot = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, selfMs: Math.round(ms), selfPercent: total > 0 ? Math.round((1000 * ms) / total) / 10 : 0 }));
  return { file, totalMs: Math.round(total), top: hot };
}

export function profileFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (name.endsWith('.cpuprofile')) out.push(join(p, name));
    } else out.push(p);
  }
  return out;
}

export function summarizeFile(path: string, top = 20): ProfileSummary {
  return summarizeProfile(JSON.parse(readFileSync(path, 'utf8')) as CpuProfile, path, top);
}

export function formatSummary(summary: ProfileSummary): string {
  const lines = [`${basename(summary.file)}: ${summary.totalMs} ms sampled`];
  for (const f of summary.top) lines.push(`  ${String(f.selfMs).padStart(7)} ms ${f.selfPercent.toFixed(1).padStart(5)}%  ${f.name}`);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '20' } } });
  for (const file of profileFiles(positionals)) process.stdout.write(`${formatSummary(summarizeFile(file, Number(values.top)))}\n\n`);
}
