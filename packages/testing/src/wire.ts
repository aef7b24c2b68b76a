/**
 * Property values as they travel between the Pulumi engine, a program and a provider.
 *
 * The engine's property model is JSON plus three special forms, all of which appear on the gRPC
 * wire as objects tagged with the signature key `4dabf18193072939515e22adb298388d`
 * (`specialSigKey` in `@pulumi/pulumi/runtime/rpc.js`):
 *
 * - a secret: `{ [sig]: "1b47061264138c4ac30d75fd1eb44270", value }` (in a checkpoint file the
 *   engine stores `ciphertext` instead of `value`);
 * - a resource reference: `{ [sig]: "5cf8f73096256a8f31e491e813e4eb8e", urn, id? }`;
 * - an unknown value during preview: the plain string `04da6b54-80e4-46f7-96ec-b56ff0331ba9`
 *   (`rpc.unknownValue`).
 *
 * The helpers below reproduce what the engine does with these forms before and after it calls a
 * provider (`sdk/go/common/resource/plugin/provider_plugin.go`: `MarshalProperties` with
 * `KeepSecrets`/`KeepResources`/`KeepUnknowns`, and `annotateSecrets`).
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";

/** The key that tags special values in Pulumi's property model. */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** Signature of a secret value. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** Signature of a resource reference. */
export const RESOURCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e";
/**
 * The value that stands for "not known yet" during a preview (`pulumi.runtime.unknownValue`).
 *
 * @example
 * ```ts
 * import { UNKNOWN } from "pulumi-hosting-reseller/testing";
 * const result = await stack.preview();
 * expect(result.steps[0]?.outputs?.fqdn).toBe(UNKNOWN);
 * ```
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * What operation results show in place of a secret value, as the Pulumi CLI does: results end up
 * in test logs and assertion diffs. `stack.resource(name)` and `stack.stackOutputs()` give the
 * plain values.
 *
 * @example
 * ```ts
 * import { SECRET } from "pulumi-hosting-reseller/testing";
 * const result = await stack.up();
 * expect(result.outputs.password).toBe(SECRET);
 * ```
 */
export const SECRET = "[secret]";

/** Any value of the engine's property model, in its JSON wire form. */
export type WireValue = null | boolean | number | string | WireValue[] | { [key: string]: WireValue };
/** A property map in wire form. */
export type WireMap = Record<string, WireValue>;

function isObject(value: WireValue | undefined): value is { [key: string]: WireValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True for `{ [sig]: SECRET_SIG, value }` and for its stored form `{ [sig]: SECRET_SIG, ciphertext }`. */
export function isSecretValue(value: WireValue | undefined): value is { [key: string]: WireValue } {
  return isObject(value) && value[SIG_KEY] === SECRET_SIG;
}

function isResourceReference(value: WireValue | undefined): value is { [key: string]: WireValue } {
  return isObject(value) && value[SIG_KEY] === RESOURCE_SIG;
}

/** Wraps a value as a secret (no-op when it already is one). */
export function makeSecret(value: WireValue): WireValue {
  return isSecretValue(value) ? value : { [SIG_KEY]: SECRET_SIG, value };
}

/** True when the value is, or somewhere contains, a secret. */
export function containsSecrets(value: WireValue | undefined): boolean {
  if (isSecretValue(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecrets);
  if (isObject(value)) return Object.values(value).some(containsSecrets);
  return false;
}

/** True when the value is, or somewhere contains, the unknown sentinel. */
export function containsUnknowns(value: WireValue | undefined): boolean {
  if (value === UNKNOWN) return true;
  if (isSecretValue(value)) return containsUnknowns(value.value);
  if (Array.isArray(value)) return value.some(containsUnknowns);
  if (isObject(value)) return Object.values(value).some(containsUnknowns);
  return false;
}

/**
 * Prepares a property map for a provider the way the engine's `MarshalProperties` does:
 * secrets are unwrapped unless the provider accepts them (the dynamic-provider host answers
 * `acceptSecrets: false` to Configure), and resource references become their id (or URN) unless
 * the provider accepts resources.
 */
export function marshalForProvider(map: WireMap, protocol: { acceptSecrets: boolean; acceptResources: boolean }): WireMap {
  const visit = (value: WireValue): WireValue => {
    if (isSecretValue(value)) {
      const inner = visit(value.value ?? null);
      return protocol.acceptSecrets ? { [SIG_KEY]: SECRET_SIG, value: inner } : inner;
    }
    if (isResourceReference(value) && !protocol.acceptResources) {
      const id = value.id;
      return typeof id === "string" && id !== "" ? id : (value.urn ?? null);
    }
    if (Array.isArray(value)) return value.map(visit);
    if (isObject(value)) return mapValues(value, visit);
    return value;
  };
  return mapValues(map, visit);
}

/** Removes every secret wrapper, giving the plain value a program or a test would read. */
export function plainValue(value: WireValue): WireValue {
  if (isSecretValue(value)) return plainValue(value.value ?? null);
  if (Array.isArray(value)) return value.map(plainValue);
  if (isObject(value)) return mapValues(value, plainValue);
  return value;
}

/** The value with every secret replaced by {@link SECRET}: what a result may show. */
export function maskedValue(value: WireValue): WireValue {
  if (isSecretValue(value)) return SECRET;
  if (Array.isArray(value)) return value.map(maskedValue);
  if (isObject(value)) return mapValues(value, maskedValue);
  return value;
}

/**
 * Copies secretness from inputs to outputs of the same name, as the engine does after every
 * Check, Create, Read and Update of a provider that does not accept secrets
 * (`annotateSecrets` in `provider_plugin.go`): objects present on both sides are visited key by
 * key; any other output whose input contains a secret becomes a secret as a whole (so an array
 * holding one secret element is entirely secret).
 */
export function annotateSecrets(outs: WireMap, ins: WireMap): WireMap {
  const result: WireMap = { ...outs };
  for (const [key, inValue] of Object.entries(ins)) {
    if (!(key in result)) continue;
    const outValue = result[key] as WireValue;
    if (isObject(outValue) && !isSecretValue(outValue) && isObject(inValue) && !isSecretValue(inValue)) {
      result[key] = annotateSecrets(outValue, inValue);
    } else if (!isSecretValue(outValue) && containsSecrets(inValue)) {
      result[key] = makeSecret(outValue);
    }
  }
  return result;
}

/** Marks the named top-level outputs secret (`additionalSecretOutputs`). */
export function applyAdditionalSecretOutputs(outs: WireMap, names: readonly string[]): WireMap {
  const result: WireMap = { ...outs };
  for (const name of names) {
    const value = result[name];
    if (value !== undefined) result[name] = makeSecret(value);
  }
  return result;
}

/** Property paths (`password`, `settings.token`, `keys[0]`) whose values are secret. */
export function secretPaths(map: WireMap): string[] {
  const paths: string[] = [];
  const visit = (value: WireValue, path: string): void => {
    if (isSecretValue(value)) {
      paths.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`));
    } else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) visit(item, `${path}.${key}`);
    }
  };
  for (const [key, value] of Object.entries(map)) visit(value, key);
  return paths;
}

/** Deep equality of two wire values, secret wrappers included. */
export function wireEqual(a: WireValue | undefined, b: WireValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => wireEqual(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!wireEqual(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/**
 * Top-level property names whose plain values differ between two maps, in sorted order.
 * Secretness alone is not a change, matching how the engine displays diffs.
 */
export function changedKeys(before: WireMap, after: WireMap): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const key of keys) {
    const left = before[key];
    const right = after[key];
    const same = left === undefined || right === undefined ? left === right : wireEqual(plainValue(left), plainValue(right));
    if (!same) changed.push(key);
  }
  return changed.sort();
}

function mapValues(object: { [key: string]: WireValue }, fn: (value: WireValue) => WireValue): WireMap {
  const result: WireMap = {};
  for (const [key, value] of Object.entries(object)) result[key] = fn(value);
  return result;
}

const CHECK_PLAINTEXT = "pulumi-hosting-reseller/testing secrets check";

/**
 * Encrypts secret values for storage, the way a Pulumi checkpoint holds them
 * (`{ [sig]: SECRET_SIG, ciphertext }`), so a saved state never carries a secret in clear text.
 *
 * AES-256-GCM with a key derived by scrypt from a passphrase and a per-state salt. This is the
 * same idea as Pulumi's `passphrase` secrets provider, not its exact file format.
 */
export class SecretsCrypter {
  /** Base64 salt, stored in the state document so a later run can derive the same key. */
  readonly salt: string;
  private readonly key: Buffer;

  /** A known value encrypted with the key, stored with the salt so a wrong passphrase is caught on load. */
  readonly check: string;

  constructor(passphrase: string, salt?: string) {
    this.salt = salt ?? randomBytes(16).toString("base64");
    this.key = scryptSync(passphrase, Buffer.from(this.salt, "base64"), 32);
    this.check = this.encrypt(CHECK_PLAINTEXT);
  }

  /** Throws when `check` was not made with this passphrase and salt. */
  verify(check: string): void {
    if (this.decrypt(check) !== CHECK_PLAINTEXT) throw new Error("the secrets passphrase does not match the state");
  }

  /** Replaces every `{ [sig]: SECRET_SIG, value }` with its encrypted form. */
  seal(map: WireMap): WireMap {
    const visit = (value: WireValue): WireValue => {
      if (isSecretValue(value)) {
        if (typeof value.ciphertext === "string") return value;
        return { [SIG_KEY]: SECRET_SIG, ciphertext: this.encrypt(JSON.stringify(value.value ?? null)) };
      }
      if (Array.isArray(value)) return value.map(visit);
      if (isObject(value)) return mapValues(value, visit);
      return value;
    };
    return mapValues(map, visit);
  }

  /** Replaces every `{ [sig]: SECRET_SIG, ciphertext }` with `{ [sig]: SECRET_SIG, value }`. */
  open(map: WireMap): WireMap {
    const visit = (value: WireValue): WireValue => {
      if (isSecretValue(value)) {
        if (typeof value.ciphertext !== "string") return { [SIG_KEY]: SECRET_SIG, value: visit(value.value ?? null) };
        return { [SIG_KEY]: SECRET_SIG, value: JSON.parse(this.decrypt(value.ciphertext)) as WireValue };
      }
      if (Array.isArray(value)) return value.map(visit);
      if (isObject(value)) return mapValues(value, visit);
      return value;
    };
    return mapValues(map, visit);
  }

  private encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64");
  }

  private decrypt(ciphertext: string): string {
    const raw = Buffer.from(ciphertext, "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // GCM authentication fails on a wrong key: say what to check rather than "unsupported state".
      throw new Error("cannot decrypt a secret in the state: the secrets passphrase differs from the one that saved it");
    }
  }
}
