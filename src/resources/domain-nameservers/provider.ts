/**
 * DomainNameservers lifecycle: the nameservers of a domain whose registration is not declared.
 *
 * API calls (by `sld` and `tld`, through the registrar module `DomainRegistration` uses; v3
 * `/v3/domain/nameservers` CONFIRMED, v4 the same path under `/v4` INFERRED-M, catalog §4.1; v2
 * `get-nameservers` and `save-nameservers` CONFIRMED, catalog §3 #8 and #12):
 * - create and update: `domains.getNameservers`, then `domains.updateNameservers` when the live
 *   set differs (order does not matter to the registry). Create records the nameservers it
 *   finds (`previous`);
 * - read: `domains.getNameservers`;
 * - delete: `domains.getNameservers`, then `domains.updateNameservers` with `previous` when the
 *   live set differs, so a destroy leaves the delegation as the stack found it (decision 0020).
 *   A registered domain always has nameservers, so there is nothing to unset: state without
 *   `previous` (written by an earlier version) leaves them as they are, as that version did.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import { foundAtCreate, keptPrevious, noPreviousNote, previousOnRead, writeKeepingFound, type FoundSetting } from "../shared/previous";
import {
  domainIdentity,
  PROVIDER_NAMESERVERS,
  readNameservers,
  sameNameservers,
  setNameservers,
  type DomainName,
} from "../shared/registrar";
import { domainNameserversInputs, normalizeDomainNameservers, type DomainNameserversInputs, type DomainNameserversOutputs } from "./schema";

type Inputs = DomainNameserversInputs;
type Outputs = DomainNameserversOutputs;

/** The live nameservers, or undefined when the reseller account does not hold the domain. */
async function liveNameservers(ctx: ProviderContext, name: DomainName): Promise<string[] | undefined> {
  return unlessNotFound(() => readNameservers(ctx, name));
}

function outputsOf(name: DomainName, nameservers: string[], found: FoundSetting<string[]>): Outputs {
  return {
    domain: name.domain,
    sld: name.sld,
    tld: name.tld,
    nameservers,
    useProviderNameservers: sameNameservers(nameservers, PROVIDER_NAMESERVERS),
    ...found,
  };
}

/**
 * Sets the declared nameservers unless the registrar already has them; returns the resulting
 * state. `found` is the state's record of the nameservers found at create; a create (no state
 * yet) records the live ones.
 */
async function converge(ctx: ProviderContext, inputs: Inputs, found: FoundSetting<string[]> | undefined): Promise<Outputs> {
  const live = await liveNameservers(ctx, inputs);
  if (!live) throw new Error(`${inputs.domain} is not in this reseller account, so its nameservers cannot be managed`);
  // A create cut off after its write left the program's nameservers: the record says what it found.
  const kept = found ?? {
    previous: await foundAtCreate(ctx, "DomainNameservers", inputs.domain, live, inputs.nameservers, sameNameservers),
  };
  if (sameNameservers(live, inputs.nameservers)) return outputsOf(inputs, live, kept);
  const creating = found === undefined ? outputsOf(inputs, live, kept) : undefined;
  await writeKeepingFound(inputs.domain, creating, () => setNameservers(ctx, inputs, inputs.nameservers));
  ctx.log.info(`${inputs.domain}: nameservers set to ${inputs.nameservers.join(", ")} (were ${live.join(", ")})`);
  return outputsOf(inputs, inputs.nameservers, kept);
}

/**
 * The DomainNameservers declaration: identity is the domain; delete puts back the nameservers
 * found at create.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DomainNameservers").id.format; // "<domain> (ASCII or Unicode, e.g. example.com)"
 */
export const domainNameserversDefinition = defineResource<typeof domainNameserversInputs, Inputs, Outputs>({
  type: "DomainNameservers",
  recordsFound: true,
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
    return { id: inputs.domain, outs: await converge(ctx, inputs, undefined) };
  },

  async read(ctx, { key, props }) {
    const name = (props ?? key) as DomainName;
    const live = await liveNameservers(ctx, name);
    return live ? { outs: outputsOf(name, live, previousOnRead(props, live)) } : undefined;
  },

  async update(ctx, _id, olds, news) {
    // The nameservers found at create stay what destroy puts back.
    return converge(ctx, news, keptPrevious(olds));
  },

  async delete(ctx, id, props) {
    const found = props.previous;
    if (found === undefined) {
      noPreviousNote(
        ctx,
        "DomainNameservers",
        id,
        `it is released from Pulumi state and the domain keeps its nameservers (${props.nameservers.join(", ")})`,
      );
      return;
    }
    if (found.length === 0) {
      // A domain without nameservers at create (the registrar listed none): none can be set back.
      ctx.log.warn(
        `DomainNameservers ${id}: no nameservers were found at create, so the domain keeps its nameservers (${props.nameservers.join(", ")})`,
      );
      return;
    }
    // The domain left the account: there are no nameservers left to put back.
    const live = await liveNameservers(ctx, props);
    if (!live || sameNameservers(live, found)) return;
    await setNameservers(ctx, props, found);
    ctx.log.info(`DomainNameservers ${id}: nameservers set back to ${found.join(", ")}, as found at create (were ${live.join(", ")})`);
  },
});
