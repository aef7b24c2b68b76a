/**
 * The inputs a program declares, kept in state so that a refresh hands back those and no others.
 *
 * A refresh returns the live values as the resource's inputs: the engine then shows a drifted
 * property by name in `pulumi preview --refresh --diff`, because a dynamic provider's diff has no
 * detailed diff and the console compares old and new inputs (`getDiffInfo` in the Pulumi CLI's
 * display). An input the program never set (a domain's contacts, a cron job's e-mail) is read
 * back as well; returned as an input, it would show as `+adminContact` on every refresh with
 * nothing changed, and a drift check would look like drift. So state records the input keys the
 * program set when the provider last wrote the object, and a refresh returns those keys only.
 *
 * A dynamic provider's `read(id, props)` is given the outputs alone
 * (`@pulumi/pulumi/cmd/dynamic-provider/index.js`), so the list lives among the outputs, under a
 * key the console never shows (`__`, `resource.IsInternalPropertyKey`), as the owner token does
 * (provider/lifecycle/owner.ts). The provider plugin is given the old inputs too, and uses their
 * keys for a state written before the list existed.
 */
import type { AnyResourceDefinition } from "./define";

type Props = Record<string, unknown>;

/** The output that lists the declared input keys. */
export const DECLARED_KEY = "__declared";

/**
 * The definition's input keys that `inputs` sets, sorted.
 *
 * @example
 * declaredOf(definitionOf("DnsRecordSet"), { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"], ttl: undefined }); // ["domain", "name", "records", "type"]
 */
export function declaredOf(def: AnyResourceDefinition, inputs: Props): string[] {
  return Object.keys(def.inputs)
    .filter((k) => inputs[k] !== undefined && inputs[k] !== null)
    .sort();
}

/**
 * The declared keys a bag of state holds, or undefined when it holds none (a state written before
 * the list existed, or an object read from its id alone).
 *
 * @example
 * declaredIn({ [DECLARED_KEY]: ["domain", "name"] }); // ["domain", "name"]
 */
export function declaredIn(props: Props | undefined): string[] | undefined {
  const value = props?.[DECLARED_KEY];
  return Array.isArray(value) && value.every((k) => typeof k === "string") ? (value as string[]) : undefined;
}

/**
 * `inputs` with only the `declared` keys.
 *
 * @example
 * onlyDeclared({ domain: "example.com", adminContact: { … } }, ["domain"]); // { domain: "example.com" }
 */
export function onlyDeclared(inputs: Props, declared: readonly string[]): Props {
  return Object.fromEntries(Object.entries(inputs).filter(([k]) => declared.includes(k)));
}
