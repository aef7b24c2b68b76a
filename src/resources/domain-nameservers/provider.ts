/**
 * DomainNameservers lifecycle: the nameservers of a domain whose registration is not declared.
 *
 * API calls (by `sld` and `tld`, through the registrar module `DomainRegistration` uses; v3
 * `/v3/domain/nameservers` CONFIRMED, v4 the same path under `/v4` INFERRED-M, catalog §4.1; v2
 * `get-nameservers` and `save-nameservers` CONFIRMED, catalog §3 #8 and #12):
 * - create and update: `domains.getNameservers`, then `domains.updateNameservers` when the live
 *   set differs (order does not matter to the registry);
 * - read: `domains.getNameservers`;
 * - delete: no call. A registered domain always has nameservers, so there is nothing to unset:
 *   the nameservers stay as they are and the resource is released from state.
 */
import type { ProviderContext } from "../../provider/context";
import { defineResource } from "../../provider/define";
import { unlessNotFound } from "../../provider/errors";
import { domainIdentity, PROVIDER_NAMESERVERS, readNameservers, sameNameservers, setNameservers, type DomainName } from "../shared/registrar";
import {
  domainNameserversInputs,
  normalizeDomainNameservers,
  type DomainNameserversInputs,
  type DomainNameserversOutputs,
} from "./schema";

type Inputs = DomainNameserversInputs;
type Outputs = DomainNameserversOutputs;

/** The live nameservers, or undefined when the reseller account does not hold the domain. */
async function liveNameservers(ctx: ProviderContext, name: DomainName): Promise<string[] | undefined> {
  return unlessNotFound(() => readNameservers(ctx, name));
}

function outputsOf(name: DomainName, nameservers: string[]): Outputs {
  return { domain: name.domain, sld: name.sld, tld: name.tld, nameservers, useProviderNameservers: sameNameservers(nameservers, PROVIDER_NAMESERVERS) };
}

/** Sets the declared nameservers unless the registrar already has them; returns the resulting state. */
async function converge(ctx: ProviderContext, inputs: Inputs): Promise<Outputs> {
  const live = await liveNameservers(ctx, inputs);
  if (!live) throw new Error(`${inputs.domain} is not in this reseller account, so its nameservers cannot be managed`);
  if (sameNameservers(live, inputs.nameservers)) return outputsOf(inputs, live);
  await setNameservers(ctx, inputs, inputs.nameservers);
  ctx.log.info(`${inputs.domain}: nameservers set to ${inputs.nameservers.join(", ")} (were ${live.join(", ")})`);
  return outputsOf(inputs, inputs.nameservers);
}

/**
 * The DomainNameservers declaration: identity is the domain; delete leaves the nameservers as
 * they are.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DomainNameservers").id.format; // "<domain> (ASCII or Unicode, e.g. example.com)"
 */
export const domainNameserversDefinition = defineResource<typeof domainNameserversInputs, Inputs, Outputs>({
  type: "DomainNameservers",
  inputs: domainNameserversInputs,
  normalize: normalizeDomainNameservers,
  ...domainIdentity,
  secretOutputs: [],
  onMissing: "remove",
  diff: {
    // `sld`/`tld` follow `domain`, and `useProviderNameservers` follows `nameservers`.
    ignore: ["sld", "tld", "useProviderNameservers"],
    equal: { nameservers: (n, o) => sameNameservers(n.nameservers, o.nameservers) },
  },
  requires: () => [{ property: "nameservers", operations: ["domains.getNameservers", "domains.updateNameservers"] }],

  async create(ctx, inputs) {
    return { id: inputs.domain, outs: await converge(ctx, inputs) };
  },

  async read(ctx, { key, props }) {
    const name = (props ?? key) as DomainName;
    const live = await liveNameservers(ctx, name);
    return live ? { outs: outputsOf(name, live) } : undefined;
  },

  async update(ctx, _id, _olds, news) {
    return converge(ctx, news);
  },

  async delete(ctx, id, props) {
    ctx.log.info(
      `DomainNameservers ${id}: released from Pulumi state; the domain keeps its nameservers (${props.nameservers.join(", ")}), since a registered domain cannot be without any`,
    );
  },
});
