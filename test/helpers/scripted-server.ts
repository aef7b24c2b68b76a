/**
 * A loopback HTTP server that answers with scripted replies and records what it received, for
 * tests of the client's wire behaviour (bodies on GET, query mode, headers, statuses).
 *
 * @example
 * const srv = await startScriptedServer();
 * srv.reply({ status: 429, headers: { "retry-after": "0" }, body: { error: "slow down" } });
 * // ... call the client with baseUrl: srv.url ...
 * expect(srv.received[0]!.method).toBe("GET");
 * await srv.close();
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  /** Close the connection without answering. */
  drop?: boolean;
  /** Wait before answering. */
  delayMs?: number;
  /**
   * Stream a body of `totalBytes` (JSON-looking filler) in chunks, honouring back-pressure and
   * stopping as soon as the client closes the connection; with `declareLength`, send its
   * `content-length` up front. Replaces `body`.
   */
  stream?: { totalBytes: number; declareLength?: boolean };
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedServer {
  url: string;
  received: ReceivedRequest[];
  /** Queue replies, answered in order; once empty, `fallback` answers. */
  reply(...replies: ScriptedReply[]): void;
  /** Forget queued replies and received requests. */
  clear(): void;
  fallback: ScriptedReply;
  /** Body bytes written by streamed replies, in all. */
  streamedBytes: number;
  /** Requests being handled right now, and the most at once. */
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const queue: ScriptedReply[] = [];
  const sockets = new Set<Socket>();
  const srv: ScriptedServer = {
    url: "",
    received: [],
    reply: (...r) => void queue.push(...r),
    clear: () => {
      queue.length = 0;
      srv.received.length = 0;
      srv.maxInFlight = 0;
      srv.streamedBytes = 0;
    },
    fallback: { status: 200, body: { message: "ok" } },
    streamedBytes: 0,
    inFlight: 0,
    maxInFlight: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
  const streamBody = async (res: http.ServerResponse, r: ScriptedReply): Promise<void> => {
    const { totalBytes, declareLength } = r.stream!;
    const chunk = Buffer.alloc(64 * 1024, "a");
    res.writeHead(r.status ?? 200, {
      "content-type": "application/json",
      ...(declareLength ? { "content-length": String(totalBytes) } : {}),
      ...r.headers,
    });
    let closed = false;
    res.on("close", () => {
      closed = true;
    });
    let sent = 0;
    while (sent < totalBytes && !closed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
      sent += piece.length;
      srv.streamedBytes += piece.length;
      if (!res.write(piece)) await new Promise((resolve) => (res.once("drain", resolve), res.once("close", resolve)));
    }
    if (!closed) res.end();
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      srv.received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const r = queue.shift() ?? srv.fallback;
      srv.inFlight += 1;
      srv.maxInFlight = Math.max(srv.maxInFlight, srv.inFlight);
      setTimeout(() => {
        srv.inFlight -= 1;
        if (r.drop) {
          req.socket.destroy();
          return;
        }
        if (r.stream) {
          void streamBody(res, r);
          return;
        }
        const text = typeof r.body === "string" ? r.body : JSON.stringify(r.body ?? {});
        res.writeHead(r.status ?? 200, { "content-type": "application/json", ...r.headers });
        res.end(text);
      }, r.delayMs ?? 0);
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  srv.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return srv;
}
