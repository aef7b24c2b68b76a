/**
 * SSH keys of a hosting account.
 *
 * Keys are validated and fingerprinted with the same parser the `SshKey` resource uses: the API
 * names a key by the MD5 fingerprint of its blob (v4 document, "SSH key entry"), so adding the
 * same key twice is a conflict whatever its comment.
 */
import { generateKeyPairSync } from "node:crypto";
import { formatSshPublicKey, isAddressOrCidr, parseSshPublicKey, type SshPublicKey } from "pulumi-hosting-reseller/contract";
import type { SimState, SshKeyState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { DEMO_HOSTING } from "./shared";

function checkFromIps(list: readonly string[] | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const bad = list.find((ip) => !isAddressOrCidr(ip.trim()));
  if (bad !== undefined) throw new SimError(400, `Invalid field "fromIps": "${bad}" is not an IP address or CIDR block`);
  return list.map((ip) => ip.trim());
}

function entry(k: SshKeyState) {
  return { key: k.key, comment: k.comment, fromIps: k.fromIps };
}

function parseOr400(line: string): SshPublicKey {
  try {
    return parseSshPublicKey(line);
  } catch (err) {
    throw new SimError(400, (err as Error).message);
  }
}

function find(ctx: OpContext<"ssh.editKey" | "ssh.removeKey">): SshKeyState {
  const key = ctx.params.key.toLowerCase();
  const found = ctx.hosting().sshKeys.find((k) => k.key === key);
  if (!found) throw new SimError(404, `SSH key ${ctx.params.key} not found`);
  return found;
}

// ---- one function per operation; the core puts v3 and v2 results in `data` as the table's rows say ----

function listKeys(ctx: SimContext) {
  return { keys: ctx.hosting().sshKeys.map(entry) };
}

function addKey(ctx: OpContext<"ssh.addKey">) {
  const hosting = ctx.hosting();
  const parsed = parseOr400(ctx.params.pKey);
  const fromIps = checkFromIps(ctx.params.fromIps) ?? [];
  if (hosting.sshKeys.some((k) => k.key === parsed.fingerprintMd5)) {
    throw new SimError(409, `The SSH key ${parsed.fingerprintMd5} already exists`);
  }
  hosting.sshKeys.push({
    key: parsed.fingerprintMd5,
    publicKey: `${parsed.type} ${parsed.blob.toString("base64")}${parsed.comment ? ` ${parsed.comment}` : ""}`,
    comment: ctx.params.comment ?? parsed.comment,
    fromIps,
  });
  return { key: parsed.fingerprintMd5, message: `SSH key ${parsed.fingerprintMd5} added` };
}

function editKey(ctx: OpContext<"ssh.editKey">) {
  const key = find(ctx);
  const fromIps = checkFromIps(ctx.params.fromIps);
  if (ctx.params.comment !== undefined) key.comment = ctx.params.comment;
  if (fromIps !== undefined) key.fromIps = fromIps;
  return { message: `SSH key ${key.key} updated` };
}

function removeKey(ctx: OpContext<"ssh.removeKey">) {
  const hosting = ctx.hosting();
  const key = find(ctx);
  hosting.sshKeys = hosting.sshKeys.filter((k) => k !== key);
  return { message: `SSH key ${key.key} removed` };
}

// ---- samples: they may run in any order on one store ----

/** The first key of the demo hosting account, added first when an earlier call removed them all. */
function first(state: SimState): SshKeyState {
  const hosting = state.hostings["101"]!;
  if (hosting.sshKeys.length === 0) {
    const publicKey = formatSshPublicKey(generateKeyPairSync("ed25519").publicKey, "sample");
    const parsed = parseSshPublicKey(publicKey);
    hosting.sshKeys.push({ key: parsed.fingerprintMd5, publicKey, comment: parsed.comment, fromIps: [] });
  }
  return hosting.sshKeys[0]!;
}
/** Removes the demo key from the store, then adds it back through the API. */
const readdDemoKey = (extra: Record<string, unknown>) => (state: SimState) => {
  const hosting = state.hostings["101"]!;
  const key = first(state);
  hosting.sshKeys = hosting.sshKeys.filter((k) => k !== key);
  return { id: 101, ...extra, pKey: key.publicKey, comment: "re-added", fromIps: ["198.51.100.0/24", "2001:db8::1"] };
};

/** Handlers of `ssh.*`, one per operation: v4 answers `keys` and `key`, v3 and v2 the same in `data`. */
export const sshArea: SimArea = {
  name: "ssh",
  handlers: {
    "ssh.listKeys": listKeys,
    "ssh.addKey": addKey,
    "ssh.editKey": editKey,
    "ssh.removeKey": removeKey,
  },
  samples: {
    "v4.ssh.listKeys": () => ({ id: 101 }),
    "v4.ssh.addKey": readdDemoKey({}),
    "v4.ssh.editKey": (s) => ({ id: 101, key: first(s).key, comment: "renamed", fromIps: ["203.0.113.7"] }),
    "v4.ssh.removeKey": (s) => ({ id: 101, key: first(s).key }),
    "v3.ssh.listKeys": () => ({ ...DEMO_HOSTING.v3 }),
    "v3.ssh.addKey": readdDemoKey(DEMO_HOSTING.v3),
    "v3.ssh.editKey": (s) => ({ ...DEMO_HOSTING.v3, key: first(s).key, comment: "renamed" }),
    "v3.ssh.removeKey": (s) => ({ ...DEMO_HOSTING.v3, key: first(s).key }),
    "v2.ssh.listKeys": () => ({ id: 101 }),
    "v2.ssh.addKey": readdDemoKey({}),
    "v2.ssh.editKey": (s) => ({ id: 101, key: first(s).key, fromIps: [] }),
    "v2.ssh.removeKey": (s) => ({ id: 101, key: first(s).key }),
  },
};
