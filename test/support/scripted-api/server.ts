/**
 * A small local server speaking the Anthropic Messages API (streaming SSE and plain JSON) whose
 * answers come from a caller's script. Every request is recorded. See README.md in this folder.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { type ApiMessage, errorBody, formatSse, toApiMessage, toSseEvents } from './encode.js';
import { type RequestView, viewRequest } from './request-view.js';
import { type ApiScript, type MessagesRequestBody, type RequestContext, ScriptRunner, type ToolResultView } from './script.js';

export type RecordedKind = 'agent' | 'side' | 'count_tokens' | 'other';

export interface RecordedRequest {
  index: number;
  method: string;
  /** Path including the query string, e.g. `/v1/messages?beta=true`. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, the raw text when it was not JSON, or null when empty. */
  body: unknown;
  kind: RecordedKind;
  receivedAt: string;
  /** The status the server answered with. */
  status: number;
  /** Messages requests only. */
  stream?: boolean;
  model?: string;
  lastUserText?: string;
  toolResults?: ToolResultView[];
  /** What answered: a rule id, `respond`, `side` or `fallback`. */
  rule?: string;
  /** The message that was sent (absent for errors and malformed replies). */
  response?: ApiMessage;
}

export interface ScriptedApi {
  /** Base URL for `ANTHROPIC_BASE_URL`, e.g. `http://127.0.0.1:43123`. */
  url: string;
  port: number;
  /** Every request received, in arrival order (live array). */
  requests: RecordedRequest[];
  /** Agent-loop Messages requests only (main thread and subagents). */
  agentRequests(): RecordedRequest[];
  /** How many times each rule fired. */
  ruleUses(): Record<string, number>;
  close(): Promise<void>;
}

export interface ScriptedApiOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Called for every recorded request (after it was answered), e.g. for logging. */
  onRequest?: (request: RecordedRequest) => void;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  let buffer = Buffer.concat(parts);
  if (req.headers['content-encoding'] === 'gzip') buffer = gunzipSync(buffer);
  return buffer.toString('utf8');
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'request-id': 'req_scripted' });
  res.end(text);
}

function estimateTokens(body: MessagesRequestBody): number {
  const size =
    JSON.stringify(body.messages ?? []).length + JSON.stringify(body.system ?? '').length + JSON.stringify(body.tools ?? []).length;
  return Math.max(1, Math.ceil(size / 4));
}

/** Starts the server on 127.0.0.1. */
export async function startScriptedApi(script: ApiScript, options: ScriptedApiOptions = {}): Promise<ScriptedApi> {
  const runner = new ScriptRunner(script);
  const requests: RecordedRequest[] = [];
  let agentCount = 0;
  const sockets = new Set<import('node:net').Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    let body: unknown = null;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const pathname = path.split('?')[0] ?? path;
    const record: RecordedRequest = {
      index: requests.length,
      method,
      path,
      headers: { ...req.headers },
      body,
      kind: 'other',
      receivedAt: new Date().toISOString(),
      status: 0,
    };
    requests.push(record);
    try {
      if (method === 'POST' && pathname === '/v1/messages/count_tokens') {
        record.kind = 'count_tokens';
        record.status = 200;
        sendJson(res, 200, { input_tokens: estimateTokens((body ?? {}) as MessagesRequestBody) });
        return;
      }
      if (method === 'POST' && pathname === '/v1/messages') {
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          record.kind = 'side';
          record.status = 400;
          sendJson(res, 400, errorBody('invalid_request_error', 'request body is not a JSON object'));
          return;
        }
        await answerMessages(record, body as MessagesRequestBody, res);
        return;
      }
      // Connectivity probe of the 2.1.x client (`HEAD /api/hello`).
      if (pathname === '/api/hello') {
        record.status = 200;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(method === 'HEAD' ? undefined : 'hello');
        return;
      }
      record.status = 404;
      sendJson(res, 404, errorBody('not_found_error', `${method} ${pathname} is not served by the scripted API`));
    } finally {
      options.onRequest?.(record);
    }
  };

  const answerMessages = async (record: RecordedRequest, body: MessagesRequestBody, res: ServerResponse): Promise<void> => {
    const view: RequestView = viewRequest(body);
    const base = { ...view, index: record.index, headers: record.headers };
    const kind = runner.classify(base);
    const ctx: RequestContext = { ...base, kind, agentIndex: kind === 'agent' ? agentCount : -1 };
    if (kind === 'agent') agentCount++;
    record.kind = kind;
    record.stream = body.stream === true;
    record.model = view.model;
    record.lastUserText = view.lastUserText;
    record.toolResults = view.toolResults;
    const { reply, rule } = runner.choose(ctx);
    record.rule = rule;
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.error) {
      record.status = reply.error.status;
      const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': 'req_scripted' };
      if (reply.error.status === 529 || reply.error.status === 429) headers['retry-after'] = '0';
      res.writeHead(reply.error.status, headers);
      res.end(JSON.stringify(errorBody(reply.error.type, reply.error.message ?? reply.error.type)));
      return;
    }
    const message = toApiMessage(reply, view.model);
    record.status = 200;
    if (!record.stream) {
      if (reply.malformed === 'bad-json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id": "msg_broken", "content": [this is not json');
        return;
      }
      if (reply.malformed === 'truncated') {
        const text = JSON.stringify(message);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
        return;
      }
      record.response = message;
      sendJson(res, 200, message);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'request-id': 'req_scripted',
    });
    const events = toSseEvents(message);
    if (reply.malformed === 'bad-json') {
      res.write(formatSse(events[0]!));
      res.write('event: content_block_start\ndata: {"type":"content_block_start", "index": 0, oops\n\n');
      res.end();
      return;
    }
    if (reply.malformed === 'truncated') {
      const half = events.slice(0, Math.max(1, Math.floor(events.length / 2)));
      res.write(half.map(formatSse).join(''), () => res.destroy());
      return;
    }
    let sent = 0;
    for (const event of events) {
      if (reply.streamError && event.event === 'content_block_stop' && sent > 0) {
        res.write(formatSse(event));
        res.write(
          formatSse({
            event: 'error',
            data: { type: 'error', error: { type: reply.streamError.type, message: reply.streamError.message ?? reply.streamError.type } },
          }),
        );
        res.end();
        return;
      }
      res.write(formatSse(event));
      sent++;
      if (reply.eventDelayMs) await sleep(reply.eventDelayMs);
    }
    record.response = message;
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', `scripted API failure: ${String(error)}`));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    agentRequests: () => requests.filter((r) => r.kind === 'agent'),
    ruleUses: () => runner.ruleUses(),
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}
