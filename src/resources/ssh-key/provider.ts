/**
 * SshKey lifecycle: one SSH public key allowed into a hosting account, with its comment and the
 * addresses it may connect from.
 *
 * API calls (v2 CONFIRMED, catalog §4.2 (S8, S5); v4 paths a pattern guess, INFERRED-L, catalog
 * §1 #60-63; v3 the v4 pattern under `/v3`, since the legacy document does not show its SSH group):
 * - create: `ssh.addKey` (`pKey`, `comment`, `fromIps`);
 * - read: `ssh.listKeys` (v4 `keys`, v3 and v2 `data`: `{key, comment, fromIps}`), shared
 *   through the read cache per hosting account. The listing does not return the key itself;
 *   the id carries its fingerprint, computed locally, so read and import need nothing else;
 * - update: `ssh.editKey` by fingerprint (comment and fromIps);
 * - delete: `ssh.removeKey`; a key already gone counts as deleted.
 *
 * A key the account already has (same fingerprint, whatever the comment; adding it again answers
 * 409) fails the create before anything is sent, naming the id to import it with, rather than
 * adopting it silently, unless `adopt` is set: create then takes the key with that fingerprint
 * over without adding it, editing its comment and addresses only where they differ
 * (hcloud#12 "same fingerprint already exists"). The look is the identity read (`find`: the
 * fingerprint in `ssh.listKeys`, whose entries carry it as `key`, v2 CONFIRMED by S8), which the
 * runtime runs before the create and polls after an add whose outcome is unknown
 * (docs/decisions/0019): a key added although the reply was lost is found and taken into state,
 * and the add is never sent twice. Another key is another object, so a key change replaces the
 * resource, adding the new key before removing the old one (no moment without access).
 */
import type { z } from "zod";
import type { sshKeyEntry } from "../../client/endpoints/ssh";
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode, messageOf, updating, unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { hostingScopedId, parseHostingScopedId } from "../../provider/lifecycle/ids";
import { keyFacts, normalizeFromIps, normalizeSshKey, sshKeyInputs, type SshKeyInputs, type SshKeyOutputs } from "./schema";

type Inputs = SshKeyInputs;
type Outputs = SshKeyOutputs;
type Entry = z.output<typeof sshKeyEntry>;

/** Cache and write scope: the SSH keys of one hosting account. */
const scopeOf = (hostingId: number) => `ssh:${hostingId}`;

const MD5_FINGERPRINT = /^(?:MD5:)?((?:[0-9a-f]{2}:){15}[0-9a-f]{2})$/i;

/**
 * A fingerprint in the API's form (lower-case hex pairs separated by colons), or undefined.
 * `ssh-keygen -E md5 -l` prints it with an `MD5:` prefix, which is accepted and dropped.
 *
 * @example
 * canonicalFingerprint("MD5:A4:77:51:08:BF:6E:AB:6F:50:84:B7:67:99:C8:F8:F7"); // "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7"
 */
export function canonicalFingerprint(text: string): string | undefined {
  const m = MD5_FINGERPRINT.exec(text.trim());
  return m ? m[1]!.toLowerCase() : undefined;
}

/**
 * The key's id: `<hostingId>/<md5 fingerprint>`.
 *
 * @example
 * sshKeyId({ hostingId: 101, fingerprint: "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7" }); // "101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7"
 */
export function sshKeyId(v: { hostingId: number; fingerprint: string }): string {
  return hostingScopedId(v.hostingId, v.fingerprint);
}

/**
 * What an id names, or undefined when it is not `<hostingId>/<md5 fingerprint>`.
 *
 * @example
 * parseSshKeyId("101/MD5:a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7"); // { hostingId: 101, fingerprint: "a4:77:..." }
 */
export function parseSshKeyId(id: string): { hostingId: number; fingerprint: string } | undefined {
  return parseHostingScopedId(id, { fingerprint: canonicalFingerprint });
}

/** The fingerprint of checked inputs (their key line is already valid). */
function fingerprintOf(v: Pick<Inputs, "publicKey">): string {
  const key = keyFacts(v.publicKey);
  if (!key.ok) throw new Error(`publicKey: ${key.reason}`);
  return key.value.fingerprint;
}

/** The keys of a hosting account, or undefined when the account itself is gone (404). */
async function listing(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<Entry[] | undefined> {
  const reply = await unlessNotFound(() =>
    fresh ? ctx.request("ssh.listKeys", { ...address }) : ctx.read("ssh.listKeys", { ...address }, [scopeOf(address.id)]),
  );
  return reply?.keys;
}

function findKey(entries: readonly Entry[] | undefined, fingerprint: string): Entry | undefined {
  return entries?.find((e) => canonicalFingerprint(e.key) === fingerprint);
}

/** The state for checked inputs: what the key line tells, plus comment and addresses. */
function outputsOf(v: Inputs): Outputs {
  const key = keyFacts(v.publicKey);
  if (!key.ok) throw new Error(`publicKey: ${key.reason}`);
  return {
    hostingId: v.hostingId,
    publicKey: key.value.publicKey,
    comment: v.comment,
    fromIps: v.fromIps,
    fingerprint: key.value.fingerprint,
    fingerprintSha256: key.value.fingerprintSha256,
    keyType: key.value.keyType,
    adopt: v.adopt,
  };
}

async function editKey(ctx: ProviderContext, address: HostingAddress, v: Inputs, fingerprint: string): Promise<void> {
  await ctx.write("ssh.editKey", { ...address, key: fingerprint, comment: v.comment, fromIps: v.fromIps }, [scopeOf(v.hostingId)]);
}

/** Takes over a key the account has (`adopt`): its comment and addresses become the declared ones, with one edit if they differ. */
async function takeOver(ctx: ProviderContext, address: HostingAddress, v: Inputs, entry: Entry, fingerprint: string): Promise<void> {
  const fromIps = normalizeFromIps(entry.fromIps ?? [])!;
  if ((entry.comment ?? "") === v.comment && fromIps.join(",") === v.fromIps.join(",")) return;
  await editKey(ctx, address, v, fingerprint);
}

/** The refusal to take over a key the account has, with what to do instead. */
function existsAlready(v: Inputs, fingerprint: string, api?: unknown): string {
  const id = sshKeyId({ hostingId: v.hostingId, fingerprint });
  return (
    `The SSH key ${fingerprint} is already on hosting account ${v.hostingId}${api === undefined ? "" : ` (API: ${messageOf(api)})`}. ` +
    `It is not taken over silently: set adopt: true to take it over, remove it first, or read it by the id "${id}" (SshKey.get)`
  );
}

/** The refusal to take over a key the account has, unless `adopt` is set (the definition's `refuseTakeover`). */
function refuseTakeover(v: Inputs): Error | undefined {
  return v.adopt ? undefined : new Error(`${existsAlready(v, fingerprintOf(v))}. Nothing was changed.`);
}

/** Adds the key; an outcome that is unknown is left to the runtime, which settles it by the identity read. */
async function addKey(ctx: ProviderContext, address: HostingAddress, v: Inputs, fingerprint: string): Promise<void> {
  const id = sshKeyId({ hostingId: v.hostingId, fingerprint });
  try {
    const reply = await ctx.write("ssh.addKey", { ...address, pKey: v.publicKey, comment: v.comment, fromIps: v.fromIps }, [
      scopeOf(v.hostingId),
    ]);
    const answered = reply.key;
    if (answered !== undefined && canonicalFingerprint(answered) !== fingerprint) {
      // The id rests on the local MD5 (v4 document: the key is named by it). If the API names it
      // otherwise, reads will not find it: say so now rather than losing it on the next refresh.
      ctx.log.warn(`SshKey ${id}: the API answered the fingerprint "${answered}" for this key, not ${fingerprint}`);
    }
  } catch (err) {
    if (apiErrorCode(err) === "conflict") {
      // Added by someone else since the identity read: take it over all the same.
      const found = v.adopt ? findKey(await listing(ctx, address, true), fingerprint) : undefined;
      if (found) return takeOver(ctx, address, v, found, fingerprint);
      throw new Error(existsAlready(v, fingerprint, err), { cause: err });
    }
    throw err;
  }
}

/**
 * The SshKey declaration: identity is the hosting account and the key (its fingerprint); the
 * comment and the allowed addresses change in place.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("SshKey").id.format; // "<hostingId>/<md5 fingerprint>, e.g. 101/a4:77:51:08:..."
 */
export const sshKeyDefinition = defineResource<typeof sshKeyInputs, Inputs, Outputs>({
  type: "SshKey",
  inputs: sshKeyInputs,
  normalize: normalizeSshKey,
  identity: ["hostingId", "publicKey"],
  replaceOn: ["hostingId", "publicKey"],
  // Another key has another fingerprint: nothing collides, so the old key goes last.
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: {
    format: "<hostingId>/<md5 fingerprint>, e.g. 101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7",
    build: (v) => sshKeyId({ hostingId: v.hostingId, fingerprint: "fingerprint" in v ? v.fingerprint : fingerprintOf(v) }),
    parse: (id) => {
      const parsed = parseSshKeyId(id);
      return parsed && { hostingId: parsed.hostingId };
    },
  },
  onMissing: "remove",
  diff: {
    // A create-time switch: it says how create treats a key the account has, nothing more.
    ignore: ["adopt"],
    equal: {
      // The key is the same object when its fingerprint is: state after an import has only that.
      publicKey: (n, o) => fingerprintOf(n) === o.fingerprint,
    },
  },
  requires: () => [{ property: "publicKey", operations: ["ssh.listKeys", "ssh.addKey", "ssh.editKey", "ssh.removeKey"] }],

  refuseTakeover,

  async find(ctx, inputs, { fresh }) {
    // `check` writes the key as `<type> <base64>` (its comment apart), so one key is named one way:
    // the read before a create may be served a listing that this process's writes of other keys
    // dropped (provider/runtime/cache.ts).
    const reads = fresh ? ctx : ctx.identityReads();
    const fingerprint = fingerprintOf(inputs);
    const entry = findKey(await listing(reads, await reads.hosting(inputs.hostingId), fresh), fingerprint);
    return (
      entry && {
        id: sshKeyId({ hostingId: inputs.hostingId, fingerprint }),
        description: `the SSH key ${fingerprint}${entry.comment ? ` ("${entry.comment}")` : ""}`,
      }
    );
  },

  async create(ctx, inputs, existing) {
    const outs = outputsOf(inputs);
    const address = await ctx.hosting(inputs.hostingId);
    const found = existing ? findKey(await listing(ctx, address, true), outs.fingerprint) : undefined;
    if (found) await takeOver(ctx, address, inputs, found, outs.fingerprint);
    else await addKey(ctx, address, inputs, outs.fingerprint);
    return { id: sshKeyId(outs), outs };
  },

  async read(ctx, { id, props }) {
    const { hostingId, fingerprint } = parseSshKeyId(id)!;
    const entry = findKey(await listing(ctx, await ctx.hosting(hostingId), false), fingerprint);
    if (!entry) return undefined;
    // A create settled by reading gives the declared inputs: what the key line tells is known.
    const facts = props?.publicKey !== undefined && props.fingerprintSha256 === undefined ? keyFacts(props.publicKey) : undefined;
    if (facts?.ok) props = { ...props!, fingerprintSha256: facts.value.fingerprintSha256, keyType: facts.value.keyType };
    const outs: Outputs = {
      hostingId,
      // The listing has no key line: keep the one from state (absent after an import).
      ...(props?.publicKey !== undefined ? { publicKey: props.publicKey } : {}),
      comment: entry.comment ?? "",
      fromIps: normalizeFromIps(entry.fromIps ?? [])!,
      fingerprint,
      ...(props?.fingerprintSha256 !== undefined ? { fingerprintSha256: props.fingerprintSha256 } : {}),
      ...(props?.keyType !== undefined ? { keyType: props.keyType } : {}),
      ...(props?.adopt !== undefined ? { adopt: props.adopt } : {}),
    };
    // The canonical id: an import may name the key as `MD5:A4:77:...`.
    return { id: sshKeyId(outs), outs };
  },

  async update(ctx, _id, olds, news) {
    const address = await ctx.hosting(news.hostingId);
    await updating(`The SSH key ${olds.fingerprint}`, () => editKey(ctx, address, news, olds.fingerprint), {
      gone: "removed",
      again: "adds",
    });
    return outputsOf(news);
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.write("ssh.removeKey", { ...address, key: props.fingerprint }, [scopeOf(props.hostingId)]);
    } catch (err) {
      // Already removed, or the hosting account is gone: either way the key no longer grants access.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});
