/**
 * DomainLock lifecycle: the registrar lock of a domain in the reseller account.
 *
 * API calls (by `sld` and `tld`, through the registrar module `DomainRegistration` uses):
 * - read: `domains.getRegistrarLock` (v3 `/v3/domain/lock` CONFIRMED, v4 INFERRED-M, catalog
 *   §4.1; v2 `get-registrar-lock` CONFIRMED, catalog §3 #7);
 * - create and update: when the live lock differs, `domains.enableRegistrarLock` or
 *   `domains.disableRegistrarLock` on v4 and v3 (PUT and DELETE `/domain/lock`), or
 *   `domains.saveRegistrarLock` with `lock_action` `Lock`/`Unlock` on v2 (catalog §3 #11).
 *   Create records the lock it finds (`previous`);
 * - delete: reads the lock and, when it differs from `previous`, sets that back, so a destroy
 *   leaves the domain's transfer protection as the stack found it (decision 0020). State
 *   without `previous` (written by an earlier version) leaves the lock as it is, as that version
 *   did.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import { domainIdentity, domainNameFromId, readRegistrarLock, setRegistrarLock, type DomainName } from "../shared/registrar";
import { foundAtCreate, keptPrevious, noPreviousNote, previousOnRead, writeKeepingFound, type FoundSetting } from "../shared/previous";
import { domainLockInputs, normalizeDomainLock, type DomainLockInputs, type DomainLockOutputs } from "./schema";

type Inputs = DomainLockInputs;
type Outputs = DomainLockOutputs;

function nameOf(domain: string): DomainName {
  // `domain` is canonical here (checked, or parsed from the id), so it always splits.
  return domainNameFromId(domain)!;
}

/** The live lock, or undefined when the reseller account does not hold the domain. */
async function liveLock(ctx: ProviderContext, domain: string): Promise<boolean | undefined> {
  return unlessNotFound(() => readRegistrarLock(ctx, nameOf(domain)));
}

/**
 * Sets the declared lock unless the registrar already has it. `found` is the state's record of
 * the lock found at create; a create (no state yet) records the live lock.
 */
async function converge(ctx: ProviderContext, inputs: Inputs, found: FoundSetting<boolean> | undefined): Promise<Outputs> {
  const live = await liveLock(ctx, inputs.domain);
  if (live === undefined) throw new Error(`${inputs.domain} is not in this reseller account, so its registrar lock cannot be managed`);
  // A create cut off after its write left the program's lock: the record says what it found.
  const kept = found ?? { previous: await foundAtCreate(ctx, "DomainLock", inputs.domain, live, inputs.locked) };
  const creating = found === undefined ? { domain: inputs.domain, locked: live, ...kept } : undefined;
  if (live !== inputs.locked)
    await writeKeepingFound(inputs.domain, creating, () => setRegistrarLock(ctx, nameOf(inputs.domain), inputs.locked));
  return { domain: inputs.domain, locked: inputs.locked, ...kept };
}

/** How messages say a lock. */
const lockText = (locked: boolean) => (locked ? "locked" : "unlocked");

/**
 * The DomainLock declaration: identity is the domain; delete puts back the lock found at create.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("DomainLock").id.format; // "<domain> (ASCII or Unicode, e.g. example.com)"
 */
export const domainLockDefinition = defineResource<typeof domainLockInputs, Inputs, Outputs>({
  type: "DomainLock",
  recordsFound: true,
  inputs: domainLockInputs,
  normalize: normalizeDomainLock,
  ...domainIdentity,
  secretOutputs: [],
  onMissing: "remove",
  requires: () => [
    { property: "locked", operations: ["domains.getRegistrarLock"] },
    { property: "locked", operations: ["domains.enableRegistrarLock", "domains.saveRegistrarLock"], anyOf: true },
  ],

  async create(ctx, inputs) {
    return { id: inputs.domain, outs: await converge(ctx, inputs, undefined) };
  },

  async read(ctx, { key, props }) {
    const domain = (props ?? key).domain!;
    const locked = await liveLock(ctx, domain);
    return locked === undefined ? undefined : { outs: { domain, locked, ...previousOnRead(props, locked) } };
  },

  async update(ctx, _id, olds, news) {
    // The lock found at create stays what destroy puts back.
    return converge(ctx, news, keptPrevious(olds));
  },

  async delete(ctx, id, props) {
    if (props.previous === undefined) {
      const state = props.locked
        ? "stays locked"
        : "stays unlocked, so it can be transferred away; lock it at the registrar if that is not intended";
      noPreviousNote(ctx, "DomainLock", id, `it is released from Pulumi state and the domain ${state}`);
      return;
    }
    // The domain left the account: there is no lock left to put back.
    const live = await liveLock(ctx, props.domain);
    if (live === undefined || live === props.previous) return;
    await setRegistrarLock(ctx, nameOf(props.domain), props.previous);
    ctx.log.info(`DomainLock ${id}: the domain is ${lockText(props.previous)} again, as it was found at create`);
  },
});
