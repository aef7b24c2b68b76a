/**
 * Parsing and fingerprinting of OpenSSH public keys (`type base64 [comment]`, one
 * `authorized_keys`-style line without options).
 *
 * The API identifies an SSH key by the MD5 fingerprint of its blob (v4 document, "SSH key entry":
 * `key (string, MD5 fingerprint)`), so both the simulator and the `SshKey` resource need the same
 * parser: the simulator to validate and fingerprint what it receives, the resource to know a
 * key's id before it asks the API and to normalize what users write. The same module checks the
 * key's `fromIps` entries and formats Node.js keys as OpenSSH lines (for tests and examples).
 */
import { createHash, type KeyObject } from "node:crypto";
import { isIP } from "node:net";
import { quote } from "./quote";

/** Key types the parser accepts. DSA and the `sk-` (security key) types are refused. */
export const SSH_KEY_TYPES = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-rsa"] as const;
/** One of {@link SSH_KEY_TYPES}. */
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

/**
 * RSA keys shorter than this are refused (OpenSSH itself refuses fewer than 1024 bits; 2048 is
 * the accepted floor today).
 */
export const MIN_RSA_BITS = 2048;

/** Per ECDSA type: the curve name embedded in the blob, the curve size and the length of an uncompressed point. */
const ECDSA_CURVES: Record<string, { curve: string; bits: number; pointLength: number }> = {
  "ecdsa-sha2-nistp256": { curve: "nistp256", bits: 256, pointLength: 65 },
  "ecdsa-sha2-nistp384": { curve: "nistp384", bits: 384, pointLength: 97 },
  "ecdsa-sha2-nistp521": { curve: "nistp521", bits: 521, pointLength: 133 },
};

/** A parsed, checked OpenSSH public key. */
export interface SshPublicKey {
  type: SshKeyType;
  /** The decoded key blob (SSH wire format). */
  blob: Buffer;
  /** The text after the base64 field, trimmed; `""` when absent. */
  comment: string;
  /** Key size: the RSA modulus length, the ECDSA curve size, 256 for Ed25519. */
  bits: number;
  /** `aa:bb:...`: hex pairs of the MD5 of the blob, as `ssh-keygen -E md5 -l` prints them without `MD5:`. */
  fingerprintMd5: string;
  /** `SHA256:...`: unpadded base64 of the SHA-256 of the blob, as `ssh-keygen -l` prints it. */
  fingerprintSha256: string;
}

/** Reads SSH wire-format fields (`uint32` length + bytes) from a blob. */
class WireReader {
  private offset = 0;
  constructor(private readonly buf: Buffer) {}

  string(field: string): Buffer {
    if (this.offset + 4 > this.buf.length) throw new Error(`the key blob is truncated before its ${field}`);
    const length = this.buf.readUInt32BE(this.offset);
    const start = this.offset + 4;
    if (start + length > this.buf.length) throw new Error(`the key blob is truncated inside its ${field}`);
    this.offset = start + length;
    return this.buf.subarray(start, start + length);
  }

  end(): void {
    if (this.offset !== this.buf.length) throw new Error("the key blob has trailing bytes after its last field");
  }
}

/** The bit length of an SSH `mpint` (big-endian two's complement, positive values only). */
function mpintBits(value: Buffer, field: string): number {
  if (value.length === 0) throw new Error(`the RSA ${field} is empty`);
  if ((value[0]! & 0x80) !== 0) throw new Error(`the RSA ${field} is negative`);
  let i = 0;
  while (i < value.length && value[i] === 0) i += 1;
  if (i === value.length) throw new Error(`the RSA ${field} is zero`);
  return (value.length - i - 1) * 8 + (32 - Math.clz32(value[i]!));
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function isKeyType(type: string): type is SshKeyType {
  return (SSH_KEY_TYPES as readonly string[]).includes(type);
}

/**
 * Parses one OpenSSH public key line and checks it: a supported type, a well-formed blob whose
 * embedded type matches the line's, RSA of at least {@link MIN_RSA_BITS} bits, an ECDSA curve that
 * matches the type and a point of the curve's size, a 32-byte Ed25519 key.
 *
 * @throws Error whose message says why the key is refused (it starts with "Invalid SSH public key: ").
 */
export function parseSshPublicKey(line: string): SshPublicKey {
  try {
    return parse(line);
  } catch (err) {
    throw new Error(`Invalid SSH public key: ${(err as Error).message}`, { cause: err });
  }
}

function parse(line: string): SshPublicKey {
  if (typeof line !== "string") throw new Error("expected a string");
  const text = line.trim();
  if (text === "") throw new Error("the key is empty");
  if (text.startsWith("-----BEGIN")) throw new Error("this is a PEM block; expected the OpenSSH format `type base64 [comment]`");
  if (/[\r\n]/.test(text)) throw new Error("expected a single line");
  const match = /^(\S+)\s+(\S+)(?:\s+(.*))?$/.exec(text);
  if (!match) throw new Error("expected `type base64 [comment]`");
  const [, type = "", b64 = "", comment = ""] = match;
  if (!isKeyType(type)) {
    throw new Error(`unsupported key type ${quote(type)} (supported: ${SSH_KEY_TYPES.join(", ")})`);
  }
  if (!BASE64.test(b64) || b64.length % 4 !== 0) throw new Error("the key data is not valid base64");
  const blob = Buffer.from(b64, "base64");
  if (blob.toString("base64") !== b64) throw new Error("the key data is not canonical base64");

  const reader = new WireReader(blob);
  const embedded = reader.string("key type").toString("latin1");
  if (embedded !== type) throw new Error(`the key data is of type ${quote(embedded)} but the line says ${quote(type)}`);

  const bits = readKeyBits(type, reader);
  reader.end();

  return {
    type,
    blob,
    comment: comment.trim(),
    bits,
    fingerprintMd5: md5Fingerprint(blob),
    fingerprintSha256: `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`,
  };
}

/** Reads the fields that follow the key type in the blob, checks them, and returns the key's size in bits. */
function readKeyBits(type: SshKeyType, reader: WireReader): number {
  if (type === "ssh-rsa") {
    mpintBits(reader.string("public exponent"), "public exponent");
    const bits = mpintBits(reader.string("modulus"), "modulus");
    if (bits < MIN_RSA_BITS) throw new Error(`RSA keys must have at least ${MIN_RSA_BITS} bits; this one has ${bits}`);
    return bits;
  }
  if (type === "ssh-ed25519") {
    const key = reader.string("public key");
    if (key.length !== 32) throw new Error(`an Ed25519 public key has 32 bytes; this one has ${key.length}`);
    return 256;
  }
  const spec = ECDSA_CURVES[type]!;
  const curve = reader.string("curve name").toString("latin1");
  if (curve !== spec.curve) throw new Error(`the key type ${type} needs curve ${spec.curve}, the key data names ${quote(curve)}`);
  const point = reader.string("public point");
  if (point.length !== spec.pointLength || point[0] !== 0x04) {
    throw new Error(`the ${spec.curve} public point must be uncompressed and ${spec.pointLength} bytes long`);
  }
  return spec.bits;
}

/**
 * The MD5 fingerprint of a key blob, as colon-separated lower-case hex pairs: the form the API
 * uses as an SSH key's `key` (v4 document, "SSH key entry").
 */
export function md5Fingerprint(blob: Uint8Array): string {
  return createHash("md5")
    .update(blob)
    .digest("hex")
    .replace(/(..)(?!$)/g, "$1:");
}

/** Checks one entry of an SSH key's `fromIps`: an IPv4 or IPv6 address, or a CIDR block of one. */
export function isAddressOrCidr(value: string): boolean {
  const slash = value.indexOf("/");
  if (slash === -1) return isIP(value) !== 0;
  const family = isIP(value.slice(0, slash));
  const prefix = value.slice(slash + 1);
  if (family === 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** SSH wire `string`: a big-endian uint32 length, then the bytes. */
function wireString(bytes: Uint8Array | string): Buffer {
  const body = typeof bytes === "string" ? Buffer.from(bytes, "latin1") : Buffer.from(bytes);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, body]);
}

/** SSH wire `mpint` of a positive big-endian magnitude: a leading zero byte when the top bit is set. */
function wireMpint(magnitude: Buffer): Buffer {
  let i = 0;
  while (i < magnitude.length - 1 && magnitude[i] === 0) i += 1;
  const trimmed = magnitude.subarray(i);
  return wireString((trimmed[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

const JWK_CURVES: Record<string, SshKeyType> = {
  "P-256": "ecdsa-sha2-nistp256",
  "P-384": "ecdsa-sha2-nistp384",
  "P-521": "ecdsa-sha2-nistp521",
};

/**
 * Formats a Node.js public (or private) key as an OpenSSH public key line, which Node cannot
 * export itself. Supports Ed25519, ECDSA on P-256/P-384/P-521 and RSA.
 */
export function formatSshPublicKey(key: KeyObject, comment = ""): string {
  const jwk = key.export({ format: "jwk" });
  const b64u = (v: string | undefined, field: string) => {
    if (!v) throw new Error(`The key has no JWK "${field}" member`);
    return Buffer.from(v, "base64url");
  };
  let type: SshKeyType;
  let blob: Buffer;
  if (jwk.kty === "OKP" && jwk.crv === "Ed25519") {
    type = "ssh-ed25519";
    blob = Buffer.concat([wireString(type), wireString(b64u(jwk.x, "x"))]);
  } else if (jwk.kty === "EC" && jwk.crv && JWK_CURVES[jwk.crv]) {
    type = JWK_CURVES[jwk.crv]!;
    const point = Buffer.concat([Buffer.from([4]), b64u(jwk.x, "x"), b64u(jwk.y, "y")]);
    blob = Buffer.concat([wireString(type), wireString(ECDSA_CURVES[type]!.curve), wireString(point)]);
  } else if (jwk.kty === "RSA") {
    type = "ssh-rsa";
    blob = Buffer.concat([wireString(type), wireMpint(b64u(jwk.e, "e")), wireMpint(b64u(jwk.n, "n"))]);
  } else {
    throw new Error(`Cannot format a ${String(jwk.kty)}${jwk.crv ? ` ${jwk.crv}` : ""} key as an OpenSSH public key`);
  }
  return `${type} ${blob.toString("base64")}${comment ? ` ${comment}` : ""}`;
}
