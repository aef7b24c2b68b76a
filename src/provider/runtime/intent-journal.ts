/**
 * A write-ahead record, on the machine that runs the provider, of a create about to be sent
 * (docs/decisions/0033).
 *
 * When the provider host is killed after a create's request was sent and before the engine saved
 * the state, the object is in the account and not in the state; the engine keeps a pending create
 * that it never shows a provider (pulumi pkg/backend/snapshot.go at v3.248.0 keeps pending
 * CREATE operations; the provider's `CreateRequest` carries no such field). The next create finds
 * the object by its identity and, without this record, refuses it as one the stack did not make
 * (decision 0019). So, once the identity read found nothing and before the request is sent, the
 * runtime writes here who is creating it (the owner token of `provider/lifecycle/owner.ts`) and a digest of
 * the inputs; the next create that finds an object of that identity, and a record with its own
 * owner and the same digest, takes the object into state without `adopt: true`.
 *
 * Where: `$PULUMI_HOME/reseller/intent/` (default `~/.pulumi/reseller/intent/`), beside the
 * records of decision 0028, one JSON file per object, named by a SHA-256 of the account (API URL
 * and API user, never the key), the resource type and the identity. It holds the owner token, the
 * digest and the time: no input in clear. The digest is an HMAC-SHA256 keyed with the account's
 * API key, so that a secret input (a password, a private key) cannot be guessed from the file by
 * trying values: only a holder of the key could test a guess, and the key already opens the
 * account. A record that cannot be read or written never fails the create: without one, the
 * next create refuses the object as before, naming `adopt: true` (provider/runtime/machine-records.ts
 * keeps the files).
 */
import { createHmac } from "node:crypto";
import type { Logger } from "./context";
import { machineRecords } from "./machine-records";

type Props = Record<string, unknown>;

/**
 * Records older than this are ignored: the `up` after a killed one runs within days, and an old
 * record must not let a later create take over an object of that identity made since by someone
 * else (the digest names the declaration, not the object found).
 */
export const INTENT_RECORD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The object a record is about: the account (never its key), the resource type and the identity. */
export interface IntentKey {
  apiUrl: string;
  apiUser?: string;
  type: string;
  /** The identity values, as text (the runtime's JSON of the definition's `identity` properties). */
  identity: string;
}

/** What a record holds. */
export interface IntentRecord {
  /** The owner token of the resource that sent the create (`provider/lifecycle/owner.ts`). */
  owner: string;
  /** {@link inputsDigest} of the inputs it was sent with. */
  inputs: string;
  /** When the record was written (milliseconds since the epoch). */
  at: number;
}

/** JSON with the keys of every object in order, so that equal inputs give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Props)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The digest of a create's inputs: an HMAC-SHA256 of their canonical JSON, keyed with the
 * account's API key. Equal inputs give equal digests whatever the order of their keys.
 *
 * @example
 * inputsDigest({ name: "www", records: ["198.51.100.7"] }, apiKey); // 64 hex digits
 */
export function inputsDigest(inputs: Props, apiKey: string | undefined): string {
  return createHmac("sha256", `reseller-intent:${apiKey ?? ""}`)
    .update(canonical(inputs))
    .digest("hex");
}

const HEX64 = /^[0-9a-f]{64}$/;

const records = machineRecords<IntentKey, IntentRecord>({
  kind: "intent",
  nameOf: (key) => [key.apiUrl, key.apiUser ?? "", key.type, key.identity],
  subject: (key) => `${key.type} ${key.identity}`,
  what: "the record of this stack's create",
  maxAgeMs: INTENT_RECORD_MAX_AGE_MS,
  consequences: {
    read: "an object of this identity found now is refused as one this stack did not create, unless `adopt: true`",
    use: "an object of this identity found now is refused as one this stack did not create, unless `adopt: true`",
    write:
      "the create goes on; if the provider host is killed before the engine saves the state, the next `pulumi up` stops and names `adopt: true`",
    remove: `it is ignored once ${INTENT_RECORD_MAX_AGE_MS / (24 * 60 * 60 * 1000)} days old`,
  },
});

/**
 * The directory of the records: `$PULUMI_HOME/reseller/intent`, or `~/.pulumi/reseller/intent`.
 *
 * @example
 * intentJournalDir({ PULUMI_HOME: "/tmp/home" }); // "/tmp/home/reseller/intent"
 */
export function intentJournalDir(env: NodeJS.ProcessEnv = process.env): string {
  return records.dir(env);
}

/**
 * The file of one object's record: a SHA-256 of the account, the type and the identity, so the
 * name says nothing of them and two accounts never share a record.
 *
 * @example
 * intentRecordFile({ apiUrl: "https://api.planethoster.net", apiUser: "u", type: "DnsRecordSet", identity: '["example.com","www","A"]' }); // ".../reseller/intent/<64 hex>.json"
 */
export function intentRecordFile(key: IntentKey, env: NodeJS.ProcessEnv = process.env): string {
  return records.file(key, env);
}

/**
 * The record of an object, when there is a well-formed one written less than
 * {@link INTENT_RECORD_MAX_AGE_MS} ago; otherwise undefined. A record that cannot be read, or is
 * malformed, is ignored with a warning.
 *
 * @example
 * const record = await readIntentRecord(key, ctx.log); // { owner: "…", inputs: "…", at: 1764000000000 }
 */
export async function readIntentRecord(key: IntentKey, log: Logger, now = Date.now()): Promise<IntentRecord | undefined> {
  const record = await records.read(
    key,
    log,
    (r) => typeof r.owner === "string" && HEX64.test(r.owner) && typeof r.inputs === "string" && HEX64.test(r.inputs),
    now,
  );
  return record && { owner: record.owner, inputs: record.inputs, at: record.at };
}

/**
 * Whether a record proves that the object found is this resource's own interrupted create: the
 * same owner, and the same inputs' digest.
 *
 * @example
 * isOwnIntent(record, owner, inputsDigest(typed, ctx.settings.apiKey)); // true or false
 */
export function isOwnIntent(record: IntentRecord | undefined, owner: string | undefined, digest: string): boolean {
  return record !== undefined && owner !== undefined && record.owner === owner && record.inputs === digest;
}

/**
 * Writes (or replaces) an object's record, atomically. Never throws: a failure is a warning, and
 * the result says whether the record was written.
 *
 * @example
 * await writeIntentRecord(key, { owner, inputs: inputsDigest(typed, ctx.settings.apiKey) }, ctx.log);
 */
export function writeIntentRecord(
  key: IntentKey,
  values: { owner: string; inputs: string },
  log: Logger,
  now = Date.now(),
): Promise<boolean> {
  return records.write(key, { owner: values.owner, inputs: values.inputs }, log, now);
}

/**
 * Removes an object's record (the create returned, or the object was destroyed). Never throws.
 *
 * @example
 * await removeIntentRecord(key, ctx.log);
 */
export function removeIntentRecord(key: IntentKey, log: Logger): Promise<void> {
  return records.remove(key, log);
}
