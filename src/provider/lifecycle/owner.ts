/**
 * Who declares a resource: a token that names the project, the stack, the resource type and the
 * resource's name, so that the provider can tell a create of this very resource, interrupted
 * before the engine saved its state, from an object someone else made (docs/decisions/0033).
 *
 * A dynamic provider's `create(inputs)` is given the inputs alone: no URN, no stack
 * (`@pulumi/pulumi/cmd/dynamic-provider/index.js`, `create` passes `req.getProperties()` only).
 * So the program side, which knows them (`provider/program/resource.ts`), adds the token to the inputs
 * under {@link OWNER_KEY}; the runtime takes it out before any definition sees the inputs, diff
 * ignores it, and state keeps it among the outputs so that a refresh, whose read is given the
 * outputs alone, hands it back with the inputs. The provider plugin's `Create` carries the URN,
 * from which {@link ownerOfUrn} makes the same token.
 *
 * The token is a SHA-256 of names a program shows anyway (no configuration value, no secret):
 * it says nothing the state does not, and its fixed form keeps the state small.
 */
import { createHash } from "node:crypto";

type Props = Record<string, unknown>;

/**
 * The input that carries the owner token. Keys that begin with `__` are the engine's internal
 * ones, which `pulumi preview --diff` and the console never show
 * (`resource.IsInternalPropertyKey` in the Pulumi SDK), as `__provider` is not shown.
 */
export const OWNER_KEY = "__owner";

/** The form of a token: 64 hexadecimal digits. */
const TOKEN = /^[0-9a-f]{64}$/;

/** What names a resource in a deployment. */
export interface ResourceOwner {
  project: string;
  stack: string;
  /** The resource type name (`DnsRecordSet`), as the runtime's registry names it. */
  type: string;
  /** The resource's name in the program. */
  name: string;
}

/**
 * The owner token of a resource.
 *
 * @example
 * ownerToken({ project: "agency", stack: "prod", type: "DnsRecordSet", name: "www" }); // "3f1c…" (64 hex digits)
 */
export function ownerToken(owner: ResourceOwner): string {
  return createHash("sha256")
    .update(JSON.stringify(["reseller-owner", owner.project, owner.stack, owner.type, owner.name]))
    .digest("hex");
}

/**
 * The owner token of the resource a URN names (`urn:pulumi:<stack>::<project>::<type>::<name>`),
 * or undefined for a text that is no URN. The type is the last part of the type token, after the
 * parent types (`a$b`) and the package and module (`reseller:index:DnsRecordSet`).
 *
 * @example
 * ownerOfUrn("urn:pulumi:prod::agency::reseller:index:DnsRecordSet::www") === ownerToken({ project: "agency", stack: "prod", type: "DnsRecordSet", name: "www" }); // true
 */
export function ownerOfUrn(urn: string | undefined): string | undefined {
  const prefix = "urn:pulumi:";
  if (!urn?.startsWith(prefix)) return undefined;
  const parts = urn.slice(prefix.length).split("::");
  if (parts.length < 4) return undefined;
  const [stack, project, qualified] = parts as [string, string, string];
  const token = qualified.slice(qualified.lastIndexOf("$") + 1);
  const type = token.slice(token.lastIndexOf(":") + 1);
  const name = parts.slice(3).join("::");
  if (!stack || !project || !type || !name) return undefined;
  return ownerToken({ project, stack, type, name });
}

/**
 * The owner token inputs carry, or undefined (none, or not a token: the input is the program
 * side's own, and anything else there is ignored rather than trusted).
 *
 * @example
 * ownerOf({ [OWNER_KEY]: ownerToken({ project: "p", stack: "s", type: "SshKey", name: "deploy" }) }); // the token
 */
export function ownerOf(props: Props | undefined): string | undefined {
  const value = props?.[OWNER_KEY];
  return typeof value === "string" && TOKEN.test(value) ? value : undefined;
}
