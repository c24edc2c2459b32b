/**
 * A stand-in for tenhou.net on 127.0.0.1 (random port): serves corpus logs under Tenhou's URL shapes
 * (`/0/log/?ID` XML, `/5/mjlog2json.cgi?ID` JSON with a Referer) and injects faults per id. It records
 * every request, so tests can count attempts, measure pauses and see how many ran at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** What the server does with one request. */
export type Reply =
  /** The log for this id (XML or JSON by endpoint), or 404 when the server has none. */
  | { kind: 'log' }
  /** A status with an optional body (e.g. 500, 404, 503 with Retry-After). */
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  /** A 200 (or given status) with this body, announced with its true length, and any extra headers. */
  | { kind: 'body'; body: string | Buffer; contentType?: string; status?: number; headers?: Record<string, string> }
  /** A redirect (302 unless given) to this Location, as written (absolute or relative). */
  | { kind: 'redirect'; to: string; status?: number }
  /** Takes the request and never answers. */
  | { kind: 'hang' }
  /** Waits, then replies. */
  | { kind: 'late'; afterMs: number; then: Reply }
  /** Announces the whole log's length, sends part of it and closes the connection. */
  | { kind: 'drop-mid-body' }
  /** Announces the whole log's length, sends part of it and then nothing. */
  | { kind: 'stall-body' }
  /** Serves another game's log under this id. */
  | { kind: 'other-log'; id: string }
  /** Announces the whole log's length and sends it one byte every `everyMs`: no pause is long, the whole is. */
  | { kind: 'trickle'; everyMs: number }
  /** Announces the whole log's length, sends its first half, pauses `pauseMs`, then sends the rest. */
  | { kind: 'halves'; pauseMs: number }
  /** A 200 without a length whose body never ends: spaces, as fast as the client reads them. */
  | { kind: 'endless' }
  /** A 200 announcing `length` bytes that sends one and then nothing. */
  | { kind: 'announce'; length: number };

export interface ServedRequest {
  /** The log id in the query, if any. */
  id: string | null;
  endpoint: 'xml' | 'json' | 'other';
  url: string;
  headers: IncomingMessage['headers'];
  /** ms since the server started. */
  startedAt: number;
  /** When the response finished or the connection closed. */
  endedAt: number | null;
  socket: number;
  /** Body bytes written by the trickle and endless replies. */
  sent: number;
}

/**
 * A gzip file that inflates to `bytes` zero bytes, cheap to build: 1 MiB members repeated (gunzip
 * reads every member of a file), about 1 KB of gzip per MiB.
 */
export function gzipBomb(bytes: number): Buffer {
  const MiB = 1024 * 1024;
  const parts: Buffer[] = new Array(Math.floor(bytes / MiB)).fill(gzipSync(Buffer.alloc(MiB)));
  if (bytes % MiB > 0) parts.push(gzipSync(Buffer.alloc(bytes % MiB)));
  return Buffer.concat(parts);
}

export class FakeTenhou {
  readonly requests: ServedRequest[] = [];
  maxConcurrentRequests = 0;
  maxOpenSockets = 0;
  private activeRequests = 0;
  private openSockets = new Set<Socket>();
  private socketIds = new WeakMap<Socket, number>();
  private scripts = new Map<string, (attempt: number) => Reply>();
  private readonly t0 = performance.now();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    private readonly logs: Map<string, { xml?: Buffer; json?: Buffer }>,
  ) {}

  /** Starts a server holding these logs (id → corpus file; `.json` files are served as JSON). */
  static async start(files: Record<string, string>): Promise<FakeTenhou> {
    const logs = new Map<string, { xml?: Buffer; json?: Buffer }>();
    for (const [id, path] of Object.entries(files)) {
      const entry = logs.get(id) ?? {};
      entry[path.endsWith('.json') ? 'json' : 'xml'] = readFileSync(path);
      logs.set(id, entry);
    }
    let fake: FakeTenhou | undefined;
    const server = createServer((req, res) => fake!.handle(req, res));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeTenhou(server, `http://127.0.0.1:${port}`, logs);
    let nextSocket = 0;
    server.on('connection', (socket) => {
      fake!.socketIds.set(socket, ++nextSocket);
      fake!.openSockets.add(socket);
      fake!.maxOpenSockets = Math.max(fake!.maxOpenSockets, fake!.openSockets.size);
      socket.on('close', () => fake!.openSockets.delete(socket));
    });
    return fake;
  }

  /** Sets the replies for an id: one per attempt (the last repeats), or a function of the attempt (1-based). */
  script(id: string, replies: Reply[] | ((attempt: number) => Reply)): this {
    this.scripts.set(id, Array.isArray(replies) ? (n) => replies[Math.min(n, replies.length) - 1] : replies);
    return this;
  }

  requestsFor(id: string): ServedRequest[] {
    return this.requests.filter((r) => r.id === id);
  }

  now(): number {
    return performance.now() - this.t0;
  }

  async close(): Promise<void> {
    for (const socket of this.openSockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '';
    const endpoint = url.startsWith('/0/log/?') ? 'xml' : url.startsWith('/5/mjlog2json.cgi?') ? 'json' : 'other';
    const id = endpoint === 'other' ? null : decodeURIComponent(url.slice(url.indexOf('?') + 1)).split('&')[0];
    const record: ServedRequest = {
      id, endpoint, url, headers: req.headers, startedAt: this.now(), endedAt: null, socket: this.socketIds.get(req.socket) ?? 0, sent: 0,
    };
    this.requests.push(record);
    this.activeRequests++;
    this.maxConcurrentRequests = Math.max(this.maxConcurrentRequests, this.activeRequests);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      record.endedAt = this.now();
      this.activeRequests--;
    };
    res.on('finish', end);
    res.on('close', end);

    if (endpoint === 'other' || id === null) return this.send(res, 404, 'text/html', '<html><body>404 Not Found</body></html>');
    if (endpoint === 'json' && !req.headers.referer) return this.send(res, 403, 'text/plain', 'Forbidden');
    const attempt = this.requestsFor(id).length;
    const reply = this.scripts.get(id)?.(attempt) ?? { kind: 'log' };
    this.reply(res, id, endpoint, reply, record);
  }

  private logBytes(id: string, endpoint: 'xml' | 'json'): Buffer | undefined {
    return this.logs.get(id)?.[endpoint];
  }

  private reply(res: ServerResponse, id: string, endpoint: 'xml' | 'json', reply: Reply, record: ServedRequest): void {
    const contentType = endpoint === 'xml' ? 'text/xml' : 'application/json';
    switch (reply.kind) {
      case 'log':
      case 'other-log': {
        const bytes = this.logBytes(reply.kind === 'log' ? id : reply.id, endpoint);
        if (!bytes) return this.send(res, 404, 'text/html', '<html><body>404 Not Found</body></html>');
        return this.send(res, 200, contentType, bytes);
      }
      case 'status':
        return this.send(res, reply.status, 'text/html', reply.body ?? `<html><body>${reply.status}</body></html>`, reply.headers);
      case 'body':
        return this.send(res, reply.status ?? 200, reply.contentType ?? contentType, reply.body, reply.headers);
      case 'redirect':
        return this.send(res, reply.status ?? 302, 'text/html', '<html><body>moved</body></html>', { location: reply.to });
      case 'hang':
        return;
      case 'late': {
        const timer = setTimeout(() => this.reply(res, id, endpoint, reply.then, record), reply.afterMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case 'drop-mid-body':
      case 'stall-body': {
        const bytes = this.logBytes(id, endpoint)!;
        res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) });
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
          // Give the client a moment to read the first half before the connection goes.
          if (reply.kind === 'drop-mid-body') setTimeout(() => res.socket?.destroy(), 20);
        });
        return;
      }
      case 'trickle': {
        const bytes = this.logBytes(id, endpoint)!;
        res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) });
        const timer = setInterval(() => {
          if (record.sent === bytes.length) {
            clearInterval(timer);
            res.end();
            return;
          }
          res.write(bytes.subarray(record.sent, record.sent + 1));
          record.sent++;
        }, reply.everyMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'halves': {
        const bytes = this.logBytes(id, endpoint)!;
        const half = Math.floor(bytes.length / 2);
        res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) });
        res.write(bytes.subarray(0, half));
        const timer = setTimeout(() => res.end(bytes.subarray(half)), reply.pauseMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      case 'endless': {
        res.writeHead(200, { 'content-type': contentType });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (!res.destroyed) {
            record.sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        pump();
        return;
      }
      case 'announce':
        res.writeHead(200, { 'content-type': contentType, 'content-length': String(reply.length) });
        res.write('<');
        return;
    }
  }

  private send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    res.writeHead(status, { 'content-type': contentType, 'content-length': String(bytes.length), ...headers });
    res.end(bytes);
  }
}
