import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOSTILE, sampleDashboardData } from '../../test/support/dashboard-sample.js';
import { escapeHtml, jsonForScript, renderDashboardHtml } from './dashboard-html.js';

describe('jsonForScript', () => {
  it('escapes everything that could end a script element or start markup, and still parses back', () => {
    const value = { s: '</script><!-- & \u2028 \u2029 >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('renderDashboardHtml', () => {
  const html = renderDashboardHtml(sampleDashboardData());

  it('contains no markup from the data: the only script elements are its own two', () => {
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain(HOSTILE);
    const outsideData = html.replace(/<script type="application\/json" id="skillpulse-data">[^<]*<\/script>/, '');
    expect(outsideData).not.toContain('onerror');
    expect(outsideData).not.toContain('pwned');
  });

  it('carries the data as JSON that parses back to the input', () => {
    const match = /<script type="application\/json" id="skillpulse-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual(sampleDashboardData());
  });

  it('forbids network access and allows only its own inline script and style, by hash', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    const script = /<script>([\s\S]*)<\/script>\n<\/body>/.exec(html)?.[1] ?? '';
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(csp).toContain(`script-src ${hash(script)}`);
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(() => new Function(script)).not.toThrow();
    expect(html).not.toMatch(/\b(src|href)=["']?(https?:)?\/\//i);
  });

  it('escapes the title', () => {
    const data = { ...sampleDashboardData(), title: '<b>x</b> & "y"' };
    expect(renderDashboardHtml(data)).toContain(`<title>${escapeHtml('<b>x</b> & "y"')}</title>`);
    expect(escapeHtml('<b>x</b> & "y"')).toBe('&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;');
  });
});
