/**
 * "Outcome unknown means read, then adopt, never re-send" (docs/decisions/0019).
 *
 * A create whose outcome is unknown (the client's `outcome-unknown`: a timeout or a dropped
 * connection after the request was sent, a lost, truncated, empty or unreadable success) may have
 * made the object. It is settled within the same create by the definition's `find`, the read by
 * identity that also guards against takeovers: polled with a growing pause until the object shows
 * or `reseller:settleWaitMs` has passed (an API may list a new object late: the simulator's
 * `eventualConsistencyReads`, and the catalog's note that listings lag, §7.3, inferred). What is
 * found goes into state; nothing found fails the create saying so. The create is never sent again.
 *
 * A delete whose outcome is unknown, where an add of the same identity follows, is settled by the
 * same polling ({@link settleDelete}): gone means it landed, and only an object still there after
 * the wait is deleted again.
 */
import { ResellerApiError } from "../../client/errors";
import type { ProviderContext } from "./context";
import type { AnyResourceDefinition } from "../lifecycle/define";
import { apiErrorCode, messageOf } from "../lifecycle/errors";

type Props = Record<string, unknown>;

/** First pause between identity reads; it doubles up to {@link MAX_PAUSE_MS}. */
const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 5_000;

/** Whether a create's failure leaves its outcome unknown, so that it must be settled by reading. */
export function outcomeUnknown(err: unknown): boolean {
  return apiErrorCode(err) === "outcome-unknown";
}

/**
 * Whether a failed create may have made its object: its error, or an error it was caused by,
 * leaves the write's outcome unknown (`outcome-unknown`, a timeout, an unreadable reply, a
 * gateway error, a connection lost), as an unsettled create's error does (it carries the failure
 * that left it unknown as its cause). Any other failure (the API refused the request, a check
 * before the write) made nothing.
 *
 * @example
 * mayHaveBeenApplied(unsettledError(polled, { ...u, lost })); // true when `lost` was outcome-unknown
 */
export function mayHaveBeenApplied(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth += 1) {
    const code = apiErrorCode(current);
    const status = (current as { status?: unknown }).status;
    if (code === "outcome-unknown" || code === "timeout" || code === "bad-response" || code === "transport") return true;
    if (code === "server" && (status === 502 || status === 504)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs the write that makes an object when it is idempotent (a grant, a certificate install). The
 * client reports an unreadable success of an idempotent write as `bad-response`, not
 * `outcome-unknown` (its success is repeatable); but as a create it most likely applied, and a
 * failed create would leave the next `up` refusing the object as one the stack did not create.
 * So its outcome is unknown, and the runtime settles it by the identity read.
 *
 * @example
 * await createdBy(() => ctx.write("databases.grantPrivileges", params, scopes));
 */
export async function createdBy<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (apiErrorCode(err) !== "bad-response") throw err;
    const e = err as Partial<ResellerApiError>;
    throw new ResellerApiError({
      code: "outcome-unknown",
      message: `${messageOf(err)}: the reply to the write could not be read, so it may or may not have been applied`,
      status: e.status,
      endpoint: e.endpoint,
      cause: { name: (err as Error).name, code: "bad-response", message: messageOf(err) },
    });
  }
}

/** What polling by {@link readUntil} saw. */
export interface Polled {
  /** Whether the last look found what it sought. */
  found: boolean;
  /** How many looks ran. */
  reads: number;
  /** The last look's failure, when it failed (no evidence either way). */
  readFailure?: unknown;
}

/**
 * Runs `look` until it reports what it seeks or `waitMs` has passed, with a pause growing from
 * 250 ms to 5 s: an API may list a new object, or show a write, late. A look that throws is no
 * evidence either way, so the polling goes on, except when the read's route does not exist
 * (`route-not-found`): no later look can answer, so polling stops there. `look` runs at least once.
 *
 * @example
 * const polled = await readUntil(ctx.settings.settleWaitMs, async () => (await find(ctx, inputs, { fresh: true })) !== undefined);
 */
export async function readUntil(waitMs: number, look: () => Promise<boolean>): Promise<Polled> {
  const deadline = Date.now() + waitMs;
  let pause = FIRST_PAUSE_MS;
  let reads = 0;
  for (;;) {
    reads += 1;
    let readFailure: unknown;
    try {
      if (await look()) return { found: true, reads };
    } catch (err) {
      readFailure = err;
      if (apiErrorCode(err) === "route-not-found") return { found: false, reads, readFailure };
    }
    const left = deadline - Date.now();
    if (left <= 0) return readFailure === undefined ? { found: false, reads } : { found: false, reads, readFailure };
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}

/** What an unsettled write's error says, beyond what polling saw. */
export interface Unsettled {
  /** Who failed, as the message starts: `CronJob`, `DnsRecordSet example.com/www/A`. */
  subject: string;
  /** The operation: "create", "update", "delete". */
  operation: string;
  /** The failure that left the outcome unknown. */
  lost: unknown;
  /** How each read looked (`by its identity`, `of the zone`). */
  readsWhat: string;
  /** What the reads did not find (`found no such object`). */
  notFound: string;
  /** What the next `pulumi up` (or destroy) will do about it. */
  next: string;
  /** Milliseconds the reads went on for. */
  waitMs: number;
}

/** What the reads of {@link readUntil} saw, for a message: how many found nothing over how long, or the last one's failure. */
function readsSaid(polled: Polled, readsWhat: string, waitMs: number, notFound: string): string {
  return polled.readFailure
    ? `and the last of ${polled.reads} reads for it failed too (${messageOf(polled.readFailure)})`
    : `and ${polled.reads} read${polled.reads === 1 ? "" : "s"} ${readsWhat} over ${waitMs} ms (reseller:settleWaitMs) ${notFound}`;
}

/**
 * The error of a write whose outcome stayed unknown through a bounded wait: it may or may not
 * have been applied, how many reads found nothing over how long, that it was not sent again, and
 * what the next run does. It never tells the user to retry blindly, and it is a plain error (not
 * `outcome-unknown`), so no caller settles it a second time.
 *
 * @example
 * throw unsettledError(polled, { subject: "CronJob", operation: "create", lost: err, readsWhat: "by its identity", notFound: "found no such object", next: "...", waitMs: 60000 });
 */
export function unsettledError(polled: Polled, u: Unsettled): Error {
  const reading = readsSaid(polled, u.readsWhat, u.waitMs, u.notFound);
  return new Error(
    `${u.subject}: the ${u.operation} may or may not have been applied (${messageOf(u.lost)}), ${reading}. It was not sent again, so nothing was applied twice. ` +
      `${u.next} Raise reseller:settleWaitMs if the API is known to show new writes late.`,
    { cause: u.lost },
  );
}

/**
 * Settles a create whose outcome is unknown: the object found by identity, read into outputs
 * (the declared inputs, overlaid with what the API shows), or an error that says nothing was found.
 *
 * @example
 * try { return await def.create(ctx, inputs); } catch (err) { if (outcomeUnknown(err)) return settleCreate(ctx, def, inputs, err); throw err; }
 */
export async function settleCreate(
  ctx: ProviderContext,
  def: AnyResourceDefinition,
  inputs: Props,
  lost: unknown,
): Promise<{ id: string; outs: Props }> {
  const find = def.find!;
  const wait = ctx.settings.settleWaitMs;
  let settled: { id: string; outs: Props } | undefined;
  const polled = await readUntil(wait, async () => {
    const found = await find(ctx, inputs, { fresh: true });
    if (!found) return false;
    const key = def.id.parse(found.id);
    const live = key ? await def.read(ctx, { id: found.id, key, props: inputs }) : undefined;
    if (!live) return false;
    ctx.log.info(
      `${def.type} ${found.id}: the create's reply was lost or unreadable (${messageOf(lost)}); ${found.description} was found by reading, and is in state`,
    );
    settled = { id: live.id ?? found.id, outs: { ...inputs, ...(live.outs as Props) } };
    return true;
  });
  if (settled) return settled;
  throw unsettledError(polled, {
    subject: def.type,
    operation: "create",
    lost,
    readsWhat: "by its identity",
    notFound: "found no such object",
    next: "Whether the API made it is unknown: if it shows up later, the next `pulumi up` of this resource on this machine takes it into state as this stack's own create (recorded before the request was sent), and one without that record stops before writing and names it (declare `adopt: true` to take it over); if it never does, the next `pulumi up` creates it.",
    waitMs: wait,
  });
}

/**
 * Deletes an object that an add of the same identity may follow (an API that cannot change an
 * object is asked to delete and add it), so that no attempt of the delete lands after that add.
 * The delete is sent without the client's own retries once an attempt may have reached the API:
 * a retry answered at once would let the add go ahead while the first attempt, held up in the
 * API, is still to land, and then remove the new object (the simulator's `timeout` and
 * `delayed-apply` faults do just that). An outcome that is unknown is settled by reading: the
 * object gone (`present` answers false: an explicit not-found or a well-formed listing without
 * it) means the delete landed; still there when `reseller:settleWaitMs` has passed, the delete,
 * which is idempotent, is sent again, with the client's retries.
 *
 * @param what the object, for messages: "The redirection of example.com on hosting account 101"
 * @param send the delete; an object already gone must count as deleted in it
 * @param present a fresh read of whether the object is still there
 *
 * @example
 * await settleDelete(ctx, "The redirection of example.com", (options) => ctx.write("redirections.delete", params, scopes, undefined, options), isListed);
 */
export async function settleDelete(
  ctx: ProviderContext,
  what: string,
  send: (options: { resend?: false }) => Promise<unknown>,
  present: () => Promise<boolean>,
): Promise<void> {
  let lost: unknown;
  try {
    await send({ resend: false });
    return;
  } catch (err) {
    if (!outcomeUnknown(err)) throw err;
    lost = err;
  }
  const wait = ctx.settings.settleWaitMs;
  const polled = await readUntil(wait, async () => !(await present()));
  if (polled.found) {
    ctx.log.info(`${what}: the delete's outcome is unknown (${messageOf(lost)}); reading found it gone, so the delete was applied`);
    return;
  }
  ctx.log.info(
    `${what}: the delete's outcome is unknown (${messageOf(lost)}), ${readsSaid(polled, "by its identity", wait, "still found it")}; the delete, which is idempotent, is sent again`,
  );
  await send({});
}
