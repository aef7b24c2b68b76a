/**
 * SshKey: inputs, their validation and normalization, and the state it keeps.
 *
 * The API names a key by the MD5 fingerprint of its blob (v4 document, "SSH key entry": `key
 * (string, MD5 fingerprint)`), which `src/util/ssh-public-key.ts` computes locally: the id of a
 * key is known before any call, so import and read never guess. The key line is kept as
 * `type base64`; its trailing comment is the default of `comment`, which the API stores apart.
 *
 * `fromIps` entries are IPv4 or IPv6 addresses or CIDR blocks, kept in one spelling (RFC 5952
 * for IPv6, `/32` and `/128` written as the bare address) and sorted, so that the list the
 * listing returns compares equal with the one declared whatever order or spelling was used.
 */
import type ipaddr from "ipaddr.js";
import { ipaddr as addresses } from "../../util/parsers";
import { z } from "zod";
import { containsUnknown, isUnknown, limitText, quote } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import type { NameResult } from "../../util/names";
import { hostingIdInput, textInput } from "../../provider/rules/validators";
import { parseSshPublicKey, type SshKeyType } from "../../util/ssh-public-key";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const sshKeyInputs = {
  /** The hosting account the key gives access to. */
  hostingId: hostingIdInput,
  /**
   * One OpenSSH public key line: `type base64 [comment]`; the line break that ends a `.pub` file
   * read as it is may stay.
   */
  publicKey: textInput(
    24576,
    "OpenSSH takes a key blob of at most 16384 bytes (SSH_MAX_PUBKEY_BYTES): 21848 characters of base64, with the type and a comment",
    {
      lineBreaks: "final",
    },
  ),
  /** A label for the key; defaults to the comment at the end of the key line, or "". One line (the text rules refuse line breaks). */
  comment: limitText(
    z.string().transform((c) => c.trim()),
    { max: 255, because: "sensible: a label; the API documents no bound (inferred)" },
  ).optional(),
  /** Addresses and CIDR blocks the key may connect from; empty: any address. */
  fromIps: z
    .array(textInput(64, "sensible: the longest address or block written out, IPv4-mapped IPv6 with a prefix, has 49 characters"))
    .default([]),
  /** Take over the key if the account has it already (setting comment and addresses), instead of failing. Create only. */
  adopt: z.boolean().default(false),
};

type Parsed = z.output<z.ZodObject<typeof sshKeyInputs>>;

/** The checked inputs. */
export interface SshKeyInputs {
  hostingId: number;
  /** `type base64`, without the key line's comment. */
  publicKey: string;
  comment: string;
  /** Canonical and sorted. */
  fromIps: string[];
  adopt: boolean;
}

/** The state of an SSH key. */
export interface SshKeyOutputs extends Omit<SshKeyInputs, "publicKey" | "adopt"> {
  /** The key this stack added. The listing does not return keys, so it is absent after an import. */
  publicKey?: string;
  /** `aa:bb:...`: the MD5 fingerprint, the API's name for the key. */
  fingerprint: string;
  /** `SHA256:...`, as `ssh-keygen -l` prints it (known when this stack added the key). */
  fingerprintSha256?: string;
  /** `ssh-ed25519`, `ecdsa-sha2-nistp256`, ... (known when this stack added the key). */
  keyType?: SshKeyType;
  /** `adopt` as it was at create or the last update (absent after an import). */
  adopt?: boolean;
}

/** What a key line tells: its canonical form, fingerprints, type and comment. */
export interface KeyFacts {
  publicKey: string;
  fingerprint: string;
  fingerprintSha256: string;
  keyType: SshKeyType;
  comment: string;
}

/**
 * Parses and checks a key line (supported types, RSA of at least 2048 bits, well-formed blob).
 *
 * @example
 * keyFacts("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNOcBSpIi1zDfJOtCaY06hdrymoZ0c1XdXWoj+3deQF ci@example");
 * // { ok: true, value: { publicKey: "ssh-ed25519 AAAA...", fingerprint: "a4:77:51:08:...", comment: "ci@example", ... } }
 */
export function keyFacts(line: string): { ok: true; value: KeyFacts } | { ok: false; reason: string } {
  try {
    const key = parseSshPublicKey(line);
    return {
      ok: true,
      value: {
        publicKey: `${key.type} ${key.blob.toString("base64")}`,
        fingerprint: key.fingerprintMd5,
        fingerprintSha256: key.fingerprintSha256,
        keyType: key.type,
        comment: key.comment,
      },
    };
  } catch (err) {
    return { ok: false, reason: (err as Error).message.replace(/^Invalid SSH public key: /, "") };
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function addressText(addr: Address): string {
  if (addr.kind() === "ipv6") {
    const v6 = addr as ipaddr.IPv6;
    // RFC 5952 §5: IPv4-mapped addresses keep the dotted quad.
    return v6.isIPv4MappedAddress() ? `::ffff:${v6.toIPv4Address().toString()}` : v6.toRFC5952String();
  }
  return addr.toString();
}

function parseAddress(text: string): Address | undefined {
  // Four-part decimal only: `010.1.1.1` or `0x7f.1` mean different things to different tools.
  if (addresses().IPv4.isValidFourPartDecimal(text)) return addresses().IPv4.parse(text);
  // Zone indexes (`fe80::1%eth0`) are local to one host and mean nothing in an allow-list.
  if (!text.includes("%") && addresses().IPv6.isValid(text)) return addresses().IPv6.parse(text);
  return undefined;
}

/**
 * One `fromIps` entry in canonical form: an IPv4 address, an RFC 5952 IPv6 address, or a CIDR
 * block `address/prefix` whose host bits are zero (OpenSSH refuses other blocks in `from=`,
 * inferred from `addr_pton_cidr`). A full-length prefix is written as the bare address.
 *
 * @example
 * canonicalAddressOrCidr("2001:DB8:0:0::1"); // { ok: true, value: "2001:db8::1" }
 * canonicalAddressOrCidr("198.51.100.7/32"); // { ok: true, value: "198.51.100.7" }
 * canonicalAddressOrCidr("10.1.2.3/8"); // { ok: false, reason: "... the block is 10.0.0.0/8" }
 */
export function canonicalAddressOrCidr(input: string): NameResult {
  const text = input.trim();
  const slash = text.indexOf("/");
  const addr = parseAddress(slash < 0 ? text : text.slice(0, slash));
  if (!addr)
    return {
      ok: false,
      reason: `${quote(input)} is not an IPv4 or IPv6 address or CIDR block (e.g. 203.0.113.7, 198.51.100.0/24, 2001:db8::/32)`,
    };
  if (slash < 0) return { ok: true, value: addressText(addr) };
  const max = addr.kind() === "ipv4" ? 32 : 128;
  const prefixText = text.slice(slash + 1);
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max)
    return { ok: false, reason: `${quote(input)} has a prefix length outside 0 to ${max}` };
  if (prefix === max) return { ok: true, value: addressText(addr) };
  const network =
    addr.kind() === "ipv4"
      ? addresses().IPv4.networkAddressFromCIDR(`${addr.toString()}/${prefix}`)
      : addresses().IPv6.networkAddressFromCIDR(`${addr.toString()}/${prefix}`);
  if (network.toByteArray().some((b, i) => b !== addr.toByteArray()[i])) {
    return { ok: false, reason: `${quote(input)} has host bits set; the block is ${addressText(network)}/${prefix}` };
  }
  return { ok: true, value: `${addressText(addr)}/${prefix}` };
}

/** Sort key: IPv4 before IPv6, then address bytes, then prefix length. */
function sortKey(entry: string): [number, number[], number] {
  const [addrText, prefixText] = entry.split("/");
  const addr = parseAddress(addrText!);
  if (!addr) return [2, [], 0];
  const bytes = addr.toByteArray();
  return [addr.kind() === "ipv4" ? 0 : 1, bytes, prefixText === undefined ? bytes.length * 8 : Number(prefixText)];
}

function compareEntries(a: string, b: string): number {
  const [fa, ba, pa] = sortKey(a);
  const [fb, bb, pb] = sortKey(b);
  if (fa !== fb) return fa - fb;
  for (let i = 0; i < Math.max(ba.length, bb.length); i += 1) {
    const d = (ba[i] ?? -1) - (bb[i] ?? -1);
    if (d !== 0) return d;
  }
  return pa - pb || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * `fromIps` in canonical form and sorted. With an `issue` sink, invalid and repeated entries are
 * reported on `fromIps[i]` and the result is undefined; without one (values read from the API),
 * an entry that does not normalize is kept as it is.
 *
 * @example
 * normalizeFromIps(["2001:DB8::1", "10.0.0.0/8", "198.51.100.7/32"]); // ["10.0.0.0/8", "198.51.100.7", "2001:db8::1"]
 */
export function normalizeFromIps(list: readonly string[], issue?: IssueSink): string[] | undefined {
  const out: string[] = [];
  const seen = new Map<string, number>();
  let ok = true;
  list.forEach((raw, i) => {
    const entry = canonicalAddressOrCidr(raw);
    if (!entry.ok) {
      if (issue) {
        issue(["fromIps", i], entry.reason);
        ok = false;
      } else out.push(raw);
      return;
    }
    const first = seen.get(entry.value);
    if (first !== undefined) {
      if (issue) {
        issue(["fromIps", i], `repeats fromIps[${first}] (${entry.value})`);
        ok = false;
      }
      return;
    }
    seen.set(entry.value, i);
    out.push(entry.value);
  });
  return ok ? out.sort(compareEntries) : undefined;
}

/** Normalizes the key line (and takes its comment as the default `comment`) and `fromIps`. */
export function normalizeSshKey(v: Parsed, issue: IssueSink): SshKeyInputs {
  const out = { ...v } as SshKeyInputs;
  if (!isUnknown(v.publicKey)) {
    const key = keyFacts(v.publicKey);
    if (!key.ok) issue("publicKey", key.reason);
    else {
      out.publicKey = key.value.publicKey;
      if (v.comment === undefined) out.comment = key.value.comment;
    }
  }
  if (!containsUnknown(v.fromIps)) {
    const fromIps = normalizeFromIps(v.fromIps, issue);
    if (fromIps) out.fromIps = fromIps;
  }
  return out;
}
