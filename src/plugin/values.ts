/**
 * Property values between the engine's wire form and the plain JSON the runtime works with.
 *
 * The engine sends a secret as an object `{ "4dabf18193072939515e22adb298388d":
 * "1b47061264138c4ac30d75fd1eb44270", value }` once the provider says it accepts secrets
 * (`ConfigureResponse.acceptSecrets`; pulumi sdk/go/common/resource/plugin/rpc.go, `SecretSig`).
 * The runtime must see the value inside (a password is checked and sent like any string), and
 * what was secret on the way in must be secret on the way out, or the engine would store it in
 * plain text. Unknown values during preview travel as the same sentinel string the runtime
 * already understands (`UNKNOWN` in provider/lifecycle/check.ts), so they pass through unchanged.
 */

/** The key that marks a special value (pulumi `resource.SigKey`). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret (pulumi `resource.SecretSig`). */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

type Props = Record<string, unknown>;

/** Plain properties, and the top-level keys that held a secret anywhere inside them. */
export interface Unwrapped {
  props: Props;
  secrets: Set<string>;
}

function unwrapValue(value: unknown, found: () => void): unknown {
  if (Array.isArray(value)) return value.map((v) => unwrapValue(v, found));
  if (value === null || typeof value !== "object") return value;
  const obj = value as Props;
  if (obj[SIG_KEY] === SECRET_SIG) {
    found();
    return unwrapValue(obj.value, found);
  }
  const out: Props = {};
  for (const [k, v] of Object.entries(obj)) out[k] = unwrapValue(v, found);
  return out;
}

/**
 * Removes the secret wrappers of a property map, remembering which properties held one.
 *
 * @example
 * unwrap({ password: { [SIG_KEY]: SECRET_SIG, value: "s3cret" } }); // { props: { password: "s3cret" }, secrets: Set { "password" } }
 */
export function unwrap(props: Props | undefined): Unwrapped {
  const secrets = new Set<string>();
  const out: Props = {};
  for (const [k, v] of Object.entries(props ?? {})) out[k] = unwrapValue(v, () => secrets.add(k));
  return { props: out, secrets };
}

/**
 * Wraps the named top-level properties as secrets (those absent from `props` are skipped).
 *
 * @example
 * wrapSecrets({ login: "u", password: "p" }, ["password"]); // { login: "u", password: { [SIG_KEY]: SECRET_SIG, value: "p" } }
 */
export function wrapSecrets(props: Props, secrets: Iterable<string>): Props {
  const out: Props = { ...props };
  for (const k of secrets) {
    if (out[k] === undefined || out[k] === null) continue;
    out[k] = { [SIG_KEY]: SECRET_SIG, value: out[k] };
  }
  return out;
}

/**
 * The engine's property map as the configuration parser reads keys: text as it is, numbers and
 * booleans as their text, objects (`accounts`, `endpointOverrides`) as JSON, as the stack
 * configuration hands them to the dynamic provider.
 *
 * @example
 * configText({ maxAttempts: 3, accounts: { b: { apiUser: "u" } } }); // { maxAttempts: "3", accounts: '{"b":{"apiUser":"u"}}' }
 */
export function configText(props: Props): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null) continue;
    out[k] = typeof v === "string" ? v : JSON.stringify(v);
  }
  return out;
}
