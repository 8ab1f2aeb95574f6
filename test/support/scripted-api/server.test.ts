/** biome-ignore-all lint/suspicious/noExplicitAny: API responses are inspected loosely in these tests. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiScript,
  bashCall,
  overloaded,
  reply,
  type ScriptedApi,
  SIDE_TEXT,
  say,
  serverError,
  skillCall,
  startScriptedApi,
  text,
  UNMATCHED_TEXT,
} from './index.js';

let api: ScriptedApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function start(script: ApiScript): Promise<ScriptedApi> {
  api = await startScriptedApi(script);
  return api;
}

const TOOLS = [{ name: 'Skill' }, { name: 'Bash' }];

function userMessage(content: unknown) {
  return { role: 'user', content };
}

async function post(base: string, body: Record<string, unknown>, path = '/v1/messages?beta=true'): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

interface ParsedEvent {
  event: string;
  data: Record<string, any>;
}

function parseSse(raw: string): ParsedEvent[] {
  return raw
    .split('\n\n')
    .filter((chunk) => chunk.trim() !== '')
    .map((chunk) => {
      const event = /^event: (.*)$/m.exec(chunk)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(chunk)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) };
    });
}

/** Rebuilds content blocks from the stream the way an SDK does. */
function assemble(events: ParsedEvent[]): { blocks: any[]; stopReason: string | undefined; usage: any } {
  const blocks: any[] = [];
  const json: string[] = [];
  let stopReason: string | undefined;
  let usage: any;
  for (const { event, data } of events) {
    if (event === 'content_block_start') {
      blocks[data.index] = { ...data.content_block };
      json[data.index] = '';
    } else if (event === 'content_block_delta') {
      const block = blocks[data.index];
      if (data.delta.type === 'text_delta') block.text += data.delta.text;
      if (data.delta.type === 'input_json_delta') json[data.index] += data.delta.partial_json;
      if (data.delta.type === 'thinking_delta') block.thinking += data.delta.thinking;
    } else if (event === 'content_block_stop') {
      const block = blocks[data.index];
      if (block.type === 'tool_use') block.input = JSON.parse(json[data.index] || '{}');
    } else if (event === 'message_delta') {
      stopReason = data.delta.stop_reason;
      usage = data.usage;
    }
  }
  return { blocks, stopReason, usage };
}

describe('scripted Messages API', () => {
  it('streams a text reply with the full event sequence and the scripted usage', async () => {
    const server = await start([
      {
        when: { lastUser: 'hello' },
        reply: { ...say('Hi there, this is a long enough text to be split.'), usage: { input_tokens: 1234, output_tokens: 56 } },
      },
    ]);
    const res = await post(server.url, { model: 'claude-test', stream: true, tools: TOOLS, messages: [userMessage('hello')] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0]!.data.message.model).toBe('claude-test');
    expect(events[0]!.data.message.id).toMatch(/^msg_01[0-9A-Za-z]{22}$/);
    const { blocks, stopReason, usage } = assemble(events);
    expect(blocks).toEqual([{ type: 'text', text: 'Hi there, this is a long enough text to be split.' }]);
    expect(stopReason).toBe('end_turn');
    expect(usage).toMatchObject({ input_tokens: 1234, output_tokens: 56 });
  });

  it('streams tool_use blocks through input_json_delta and stops with tool_use', async () => {
    const input = { command: 'git checkout -- src/a.ts', description: 'Throw away the change to a.ts' };
    const server = await start([
      {
        when: { lastUser: 'revert' },
        reply: reply(text('Reverting.'), skillCall('fix-bug', '--fast'), bashCall(input.command, input.description, 'toolu_fixed')),
      },
    ]);
    const res = await post(server.url, { model: 'm', stream: true, tools: TOOLS, messages: [userMessage('please revert')] });
    const events = parseSse(await res.text());
    expect(events.filter((e) => e.event === 'content_block_delta' && e.data.delta.type === 'input_json_delta').length).toBeGreaterThan(2);
    const { blocks, stopReason } = assemble(events);
    expect(stopReason).toBe('tool_use');
    expect(blocks[0]).toEqual({ type: 'text', text: 'Reverting.' });
    expect(blocks[1]).toMatchObject({ type: 'tool_use', name: 'Skill', input: { skill: 'fix-bug', args: '--fast' } });
    expect(blocks[1].id).toMatch(/^toolu_01/);
    expect(blocks[2]).toEqual({ type: 'tool_use', id: 'toolu_fixed', name: 'Bash', input });
  });

  it('answers non-streaming requests with a JSON message', async () => {
    const server = await start([{ when: { lastUser: 'json' }, reply: { ...reply(skillCall('pdf')), usage: { output_tokens: 9 } } }]);
    const res = await post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('json please')] });
    expect(res.headers.get('content-type')).toBe('application/json');
    const message = (await res.json()) as any;
    expect(message).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'tool_use', usage: { output_tokens: 9 } });
    expect(message.content[0]).toMatchObject({ type: 'tool_use', name: 'Skill', input: { skill: 'pdf' } });
    expect(server.requests[0]!.response).toEqual(message);
  });

  it('matches the last user message, skipping trailing system entries and system reminders', async () => {
    const server = await start([
      { id: 'first', when: { lastUser: /^first question$/ }, reply: say('one') },
      { id: 'second', when: { lastUser: 'second' }, reply: say('two') },
    ]);
    const res = await post(server.url, {
      model: 'm',
      stream: false,
      tools: TOOLS,
      messages: [
        userMessage('first question'),
        { role: 'assistant', content: [{ type: 'text', text: 'one' }] },
        userMessage([
          { type: 'text', text: '<system-reminder>\nsecond is mentioned here but must not count\n</system-reminder>' },
          { type: 'text', text: 'first question' },
        ]),
        { role: 'system', content: [{ type: 'text', text: 'second environment block' }] },
      ],
    });
    expect(((await res.json()) as any).content[0].text).toBe('one');
    const recorded = server.requests[0]!;
    expect(recorded.rule).toBe('first');
    expect(recorded.lastUserText).toBe('first question');
    expect(server.ruleUses()).toEqual({ first: 1, second: 0 });
  });

  it('matches tool results by content, tool name and error flag', async () => {
    const server = await start([
      { id: 'unknown', when: { toolResultOf: 'Skill', toolResultIsError: true }, reply: say('That skill does not exist.') },
      { id: 'launched', when: { toolResult: 'Launching skill: pdf' }, reply: say('Skill loaded.') },
    ]);
    const history = (result: Record<string, unknown>) => [
      userMessage('go'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'Skill', input: { skill: 'pdf' } }] },
      userMessage([{ type: 'tool_result', tool_use_id: 'toolu_a', ...result }]),
    ];
    const ok = await post(server.url, {
      model: 'm',
      tools: TOOLS,
      messages: history({ content: [{ type: 'text', text: 'Launching skill: pdf' }] }),
    });
    expect(((await ok.json()) as any).content[0].text).toBe('Skill loaded.');
    const bad = await post(server.url, {
      model: 'm',
      tools: TOOLS,
      messages: history({ content: '<tool_use_error>Unknown skill: pdf</tool_use_error>', is_error: true }),
    });
    expect(((await bad.json()) as any).content[0].text).toBe('That skill does not exist.');
    expect(server.requests[0]!.toolResults).toEqual([
      { toolUseId: 'toolu_a', toolName: 'Skill', toolInput: { skill: 'pdf' }, content: 'Launching skill: pdf', isError: false },
    ]);
  });

  it('matches lastUser only on a new prompt, turnPrompt across the tool round-trips of a turn', async () => {
    const server = await start([
      { id: 'open', when: { lastUser: 'hello' }, reply: reply(skillCall('greet')) },
      { id: 'after', when: { turnPrompt: 'hello', toolResultOf: 'Skill' }, reply: say('done') },
    ]);
    const messages = [
      userMessage('hello there'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_g', name: 'Skill', input: { skill: 'greet' } }] },
      userMessage([
        { type: 'tool_result', tool_use_id: 'toolu_g', content: 'Launching skill: greet' },
        { type: 'text', text: 'Base directory for this skill: /p/.claude/skills/greet\n\nSay hello warmly.' },
      ]),
    ];
    const res = await post(server.url, { model: 'm', tools: TOOLS, messages });
    expect(((await res.json()) as any).content[0].text).toBe('done');
    expect(server.requests[0]!.rule).toBe('after');
    expect(server.requests[0]!.lastUserText).toContain('Say hello warmly.');
  });

  it('consumes reply sequences and limited rules, then falls through to later rules and the fallback', async () => {
    const server = await start({
      rules: [
        { id: 'flaky', when: { lastUser: 'q' }, reply: overloaded(), times: 1 },
        { id: 'seq', when: { lastUser: 'q' }, reply: [say('a'), say('b')] },
      ],
    });
    const ask = async () => post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('q')] });
    const first = await ask();
    expect(first.status).toBe(529);
    expect(((await first.json()) as any).error.type).toBe('overloaded_error');
    expect(((await (await ask()).json()) as any).content[0].text).toBe('a');
    expect(((await (await ask()).json()) as any).content[0].text).toBe('b');
    expect(((await (await ask()).json()) as any).content[0].text).toBe(UNMATCHED_TEXT);
    expect(server.requests.map((r) => r.rule)).toEqual(['flaky', 'seq', 'seq', 'fallback']);
  });

  it('answers side requests (no tools) without consuming agent rules', async () => {
    const server = await start([{ id: 'only', when: () => true, reply: say('agent answer'), times: 1 }]);
    const side = await post(server.url, { model: 'claude-haiku', max_tokens: 50, messages: [userMessage('Generate a title')] });
    expect(((await side.json()) as any).content[0].text).toBe(SIDE_TEXT);
    const agent = await post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('hi')] });
    expect(((await agent.json()) as any).content[0].text).toBe('agent answer');
    expect(server.requests.map((r) => r.kind)).toEqual(['side', 'agent']);
    expect(server.agentRequests()).toHaveLength(1);
  });

  it('accepts a script function and a custom side reply', async () => {
    const server = await start({
      respond: (ctx) => (ctx.lastUserText.includes('pdf') ? reply(skillCall('pdf')) : undefined),
      fallback: (ctx) => say(`no skill for: ${ctx.lastUserText}`),
      side: say('{"title": "Fixture"}'),
    });
    const a = (await (await post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('fill the pdf')] })).json()) as any;
    const b = (await (await post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('hello')] })).json()) as any;
    const c = (await (await post(server.url, { model: 'm', messages: [userMessage('title')] })).json()) as any;
    expect(a.content[0].name).toBe('Skill');
    expect(b.content[0].text).toBe('no skill for: hello');
    expect(c.content[0].text).toBe('{"title": "Fixture"}');
  });

  it('returns HTTP 500 errors', async () => {
    const server = await start(() => serverError('boom'));
    const res = await post(server.url, { model: 'm', stream: true, tools: TOOLS, messages: [userMessage('x')] });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'api_error', message: 'boom' } });
    expect(server.requests[0]!.status).toBe(500);
  });

  it('sends malformed bodies and streams on demand', async () => {
    const server = await start({
      rules: [
        { when: { lastUser: 'badjson' }, reply: { ...say('x'), malformed: 'bad-json' } },
        { when: { lastUser: 'truncated' }, reply: { ...say('a'.repeat(400)), malformed: 'truncated' } },
        { when: { lastUser: 'midstream' }, reply: { ...reply(text('partial'), text('never')), streamError: { type: 'overloaded_error' } } },
      ],
    });
    const bad = await post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('badjson')] });
    await expect(bad.json()).rejects.toThrow();
    const badStream = await (await post(server.url, { model: 'm', stream: true, tools: TOOLS, messages: [userMessage('badjson')] })).text();
    expect(() => parseSse(badStream)).toThrow();
    const truncated = await post(server.url, { model: 'm', stream: true, tools: TOOLS, messages: [userMessage('truncated')] });
    const cut = await truncated.text().catch(() => 'connection reset');
    expect(cut).not.toContain('message_stop');
    const mid = parseSse(
      await (await post(server.url, { model: 'm', stream: true, tools: TOOLS, messages: [userMessage('midstream')] })).text(),
    );
    expect(mid.at(-1)).toEqual({
      event: 'error',
      data: { type: 'error', error: { type: 'overloaded_error', message: 'overloaded_error' } },
    });
    expect(mid.some((e) => e.event === 'message_stop')).toBe(false);
  });

  it('waits the scripted delay before answering', async () => {
    const server = await start(() => ({ ...say('late'), delayMs: 150 }));
    const started = Date.now();
    await (await post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('x')] })).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('serves count_tokens, the connectivity probe and 404s, recording every request', async () => {
    const server = await start(() => say('x'));
    const count = await post(server.url, { model: 'm', messages: [userMessage('a'.repeat(400))] }, '/v1/messages/count_tokens');
    expect(((await count.json()) as any).input_tokens).toBeGreaterThan(100);
    expect((await fetch(`${server.url}/api/hello`, { method: 'HEAD' })).status).toBe(200);
    const missing = await fetch(`${server.url}/api/oauth/profile`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as any).error.type).toBe('not_found_error');
    expect(server.requests.map((r) => [r.method, r.path, r.kind, r.status])).toEqual([
      ['POST', '/v1/messages/count_tokens', 'count_tokens', 200],
      ['HEAD', '/api/hello', 'other', 200],
      ['GET', '/api/oauth/profile', 'other', 404],
    ]);
    expect((server.requests[0]!.body as any).messages[0].content).toHaveLength(400);
  });

  it('records prompts so tests can prove what reached the model', async () => {
    const server = await start(() => say('rewritten description'));
    await post(server.url, {
      model: 'm',
      system: [{ type: 'text', text: 'You rewrite skill descriptions.' }],
      tools: TOOLS,
      messages: [userMessage('train query: make a pdf')],
    });
    const bodies = server.requests.map((r) => JSON.stringify(r.body));
    expect(bodies.some((b) => b.includes('train query: make a pdf'))).toBe(true);
    expect(bodies.some((b) => b.includes('held-out query'))).toBe(false);
  });

  it('closes even with keep-alive connections open', async () => {
    const server = await start(() => say('x'));
    await (await post(server.url, { model: 'm', tools: TOOLS, messages: [userMessage('x')] })).text();
    await server.close();
    await expect(fetch(`${server.url}/api/hello`)).rejects.toThrow();
    api = undefined;
  });
});
