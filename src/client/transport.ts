/**
 * One HTTP exchange over an undici `Pool` with keep-alive.
 *
 * undici's `request` is used rather than `fetch` because the official modules send JSON bodies on
 * GET and DELETE (catalog §7.4), and WHATWG `fetch` refuses a body on GET. The body of every
 * response is read to the end, so the connection returns to the pool, unless it is larger than
 * `maxResponseBytes`: then reading stops and the connection is destroyed, so a runaway body
 * (a proxy's error stream, a misrouted download) never sits whole in memory.
 */
import type * as Undici from "undici";
import type { Dispatcher } from "undici";
import type { HttpMethod } from "./endpoint";

/**
 * undici, loaded by the first transport rather than with the client: the provider plugin and the
 * runtime load the client's module at their start, and undici is a third of the plugin's load
 * time, while `check` and `diff` never send a request (docs/decisions/0039).
 */
function undici(): typeof Undici {
  return require("undici") as typeof Undici;
}

export interface Exchange {
  method: HttpMethod;
  /** Path plus query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export type ExchangeResult =
  | {
      kind: "response";
      status: number;
      headers: Record<string, string | undefined>;
      /** The body as UTF-8; empty when `tooLarge` is set. */
      text: string;
      /** Set when the body was over the limit: what was known of its size when reading stopped. */
      tooLarge?: { limit: number; received: number; declared?: number };
    }
  | { kind: "network"; code: string | undefined; message: string; name: string }
  | { kind: "timeout"; message: string };

export interface TransportOptions {
  /** Origin only: `https://api.planethoster.net`. */
  origin: string;
  connections: number;
  /** PEM certificate authority to trust (the simulator's, when it runs with TLS). */
  ca?: string;
  /** A dispatcher to use instead of a new Pool (tests, proxies). It is not closed by `close()`. */
  dispatcher?: Dispatcher;
  /** Largest body read, in bytes. Default {@link DEFAULT_MAX_RESPONSE_BYTES}. */
  maxResponseBytes?: number;
}

/**
 * 8 MiB: a zone of 20,000 record sets is about 2 MB of JSON, the largest reply the provider is
 * expected to read; anything four times that is not an answer this API gives.
 *
 * @example
 * createClient({ apiUser, apiKey, maxResponseBytes: 4 * DEFAULT_MAX_RESPONSE_BYTES });
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface Transport {
  send(exchange: Exchange): Promise<ExchangeResult>;
  close(): Promise<void>;
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(", ") : v;
}

/**
 * Reads `body` up to `limit` bytes. Past the limit it destroys the stream (which closes the
 * connection: the rest is never received) and reports how much had arrived.
 */
async function readCapped(
  body: Dispatcher.ResponseData["body"],
  limit: number,
  declared: number | undefined,
): Promise<{ text: string } | { tooLarge: { limit: number; received: number; declared?: number } }> {
  if (declared !== undefined && declared > limit) {
    body.destroy();
    return { tooLarge: { limit, received: 0, declared } };
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) {
      body.destroy();
      return { tooLarge: { limit, received, ...(declared !== undefined ? { declared } : {}) } };
    }
    chunks.push(chunk);
  }
  // TextDecoder drops a leading byte-order mark, as undici's own `body.text()` does.
  return { text: new TextDecoder().decode(Buffer.concat(chunks, received)) };
}

/** The transport of one origin: a keep-alive undici `Pool` of `connections` sockets. */
export function createTransport(options: TransportOptions): Transport {
  const owned = !options.dispatcher;
  const { Pool, errors: undiciErrors } = undici();
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const dispatcher: Dispatcher =
    options.dispatcher ??
    new Pool(options.origin, {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      ...(options.ca ? { connect: { ca: options.ca } } : {}),
    });

  return {
    async send(ex: Exchange): Promise<ExchangeResult> {
      // undici checks its own headers and body timeouts on a coarse timer (about a second), so a
      // precise deadline comes from an abort signal; undici's timeouts stay as a backstop.
      const deadline = AbortSignal.timeout(ex.timeoutMs);
      const signal = ex.signal ? AbortSignal.any([ex.signal, deadline]) : deadline;
      try {
        const res = await dispatcher.request({
          origin: options.origin,
          method: ex.method,
          path: ex.path,
          headers: ex.headers,
          body: ex.body,
          headersTimeout: ex.timeoutMs,
          bodyTimeout: ex.timeoutMs,
          signal,
        });
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(res.headers)) headers[k.toLowerCase()] = headerValue(v);
        const length = headers["content-length"];
        const declared = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
        const read = await readCapped(res.body, maxResponseBytes, declared);
        return "text" in read
          ? { kind: "response", status: res.statusCode, headers, text: read.text }
          : { kind: "response", status: res.statusCode, headers, text: "", tooLarge: read.tooLarge };
      } catch (err) {
        const e = err as { code?: string; message?: string; name?: string; cause?: { code?: string } };
        if (
          err instanceof undiciErrors.HeadersTimeoutError ||
          err instanceof undiciErrors.BodyTimeoutError ||
          (deadline.aborted && !ex.signal?.aborted)
        ) {
          return { kind: "timeout", message: e.message ?? "timed out" };
        }
        return {
          kind: "network",
          code: e.code === "UND_ERR_SOCKET" || !e.code ? (e.cause?.code ?? e.code) : e.code,
          message: e.message ?? String(err),
          name: e.name ?? "Error",
        };
      }
    },
    async close(): Promise<void> {
      if (owned) await dispatcher.close();
    },
  };
}
