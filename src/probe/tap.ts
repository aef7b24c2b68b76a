/**
 * A keep-alive undici `Pool` that keeps a copy of each exchange it carries: what was sent
 * (method, path and query, body) and what came back (status, content type, body text).
 *
 * The probe hands it to the client as its dispatcher, so every call goes through the client's own
 * request building, retries and route check (src/client/route-check.ts), and the probe still sees
 * the raw reply: the status and content type of an unknown-route answer for its report, and the
 * body exactly as the API sent it for `--record` (the client returns the parsed, coerced value,
 * which would not be a recording of the API).
 */
import { Pool, type Dispatcher } from "undici";

/**
 * One request and its reply, as they went over the wire.
 */
export interface Exchange {
  method: string;
  /** The path without its query. */
  path: string;
  /** The query string without `?`, or "" when there was none. */
  query: string;
  /** The request body as sent, or undefined when there was none. */
  body?: string;
  status: number;
  /** The `Content-Type` of the reply, or "" when it had none. */
  contentType: string;
  /** The reply body as text, at most {@link MAX_KEPT_BYTES} of it. */
  text: string;
  /** Set when the reply body was longer than what is kept. */
  cut?: true;
}

/**
 * The most of a reply body kept: a recording is a sample of a reply's shape, and the client's own
 * limit (8 MiB by default, src/client/transport.ts) is for a whole zone.
 *
 * @example
 * tap.exchanges.every((e) => Buffer.byteLength(e.text) <= MAX_KEPT_BYTES); // true
 */
export const MAX_KEPT_BYTES = 1024 * 1024;

/**
 * The pool, the exchanges it carried in order, and its `close`.
 *
 * @example
 * const tap: Tap = createTap("http://127.0.0.1:8787", { connections: 2 });
 * await tap.close();
 */
export interface Tap {
  /** Give this to `createClient({ dispatcher })`; the client does not close it. */
  readonly dispatcher: Dispatcher;
  /** Every exchange that got a reply, in the order the replies ended. */
  readonly exchanges: Exchange[];
  close(): Promise<void>;
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

function bodyText(body: Dispatcher.DispatchOptions["body"]): string | undefined {
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString("utf8");
  return undefined;
}

/** Passes every event on to the client's handler, keeping the reply on the way. */
class Keeper implements Dispatcher.DispatchHandler {
  private status = 0;
  private contentType = "";
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly inner: Dispatcher.DispatchHandler,
    private readonly done: (reply: { status: number; contentType: string; text: string; cut: boolean }) => void,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Parameters<NonNullable<Dispatcher.DispatchHandler["onRequestUpgrade"]>>[2],
    socket: Parameters<NonNullable<Dispatcher.DispatchHandler["onRequestUpgrade"]>>[3],
  ): void {
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Parameters<NonNullable<Dispatcher.DispatchHandler["onResponseStart"]>>[2],
    statusMessage?: string,
  ): void {
    this.status = statusCode;
    this.contentType = headerText(headers["content-type"]);
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.size < MAX_KEPT_BYTES) this.chunks.push(chunk);
    this.size += chunk.length;
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(
    controller: Dispatcher.DispatchController,
    trailers: Parameters<NonNullable<Dispatcher.DispatchHandler["onResponseEnd"]>>[1],
  ): void {
    const all = Buffer.concat(this.chunks);
    const cut = this.size > MAX_KEPT_BYTES;
    this.done({
      status: this.status,
      contentType: this.contentType,
      text: new TextDecoder().decode(cut ? all.subarray(0, MAX_KEPT_BYTES) : all),
      cut,
    });
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.inner.onResponseError?.(controller, error);
  }
}

/**
 * A pool for `origin` that keeps every exchange.
 *
 * @example
 * const tap = createTap("https://api.planethoster.net", { connections: 4 });
 * const client = createClient({ apiUser, apiKey, dispatcher: tap.dispatcher });
 * await client.account.hello();
 * tap.exchanges[0]?.status; // 200
 * await client.close();
 * await tap.close();
 */
export function createTap(origin: string, options: { connections: number; ca?: string }): Tap {
  const pool = new Pool(origin, {
    connections: options.connections,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    ...(options.ca ? { connect: { ca: options.ca } } : {}),
  });
  const exchanges: Exchange[] = [];
  const keep =
    (dispatch: Dispatcher.Dispatch): Dispatcher.Dispatch =>
    (opts, handler) => {
      const [path = "", query = ""] = opts.path.split(/\?(.*)/s, 2);
      const sent = { method: String(opts.method), path, query, body: bodyText(opts.body) };
      return dispatch(
        opts,
        new Keeper(handler, (reply) =>
          exchanges.push({
            ...sent,
            status: reply.status,
            contentType: reply.contentType,
            text: reply.text,
            ...(reply.cut ? { cut: true as const } : {}),
          }),
        ),
      );
    };
  return {
    dispatcher: pool.compose(keep),
    exchanges,
    close: () => pool.close(),
  };
}
