/**
 * PhpVersion lifecycle: the PHP version a hosting account runs. The account always runs one, so
 * this is a singleton setting: create records the version it finds active (`previous`) and sets
 * the program's, and destroy puts the recorded version back (decision 0020).
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #30-32, INFERRED-L):
 * - `php.listVersions` (`currentVersion`, `defaultVersion`, `availableVersions`; v4 beside the
 *   envelope, v3 in `data`), read before every write so that a version the account does not
 *   have fails with the installed ones listed and nothing is written;
 * - `php.getVersion` (`phpVersion`) for read, and at create when the listing gives no
 *   `currentVersion`;
 * - `php.setVersion` (`version`) for create, update and delete. Delete sets `previous`, the
 *   version found active at create; when state has none (written by an earlier version) or that
 *   version is no longer installed, it sets the listing's `defaultVersion` read at that moment,
 *   as earlier versions did.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import type { HostingAddress } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import { hostingAccountId, hostingAccountIdentity, parseHostingAccountId } from "../../provider/lifecycle/ids";
import { phpVersionScope, phpVersionsOf, type PhpVersions } from "../shared/php-settings";
import { foundAtCreate, keptPrevious, noPreviousNote, previousOnRead, writeKeepingFound, type FoundSetting } from "../shared/previous";
import { phpVersionInputs, phpVersionProblem, type PhpVersionInputs, type PhpVersionOutputs } from "./schema";

type Inputs = PhpVersionInputs;
type Outputs = PhpVersionOutputs;

/** Cache and write scope: the active PHP version of one account. */
const scopeOf = phpVersionScope;

/**
 * The resource's id: the hosting account's id (one active version per account).
 *
 * @example
 * phpVersionId({ hostingId: 101 }); // "101"
 */
export function phpVersionId(v: { hostingId: number }): string {
  return hostingAccountId(v);
}

/**
 * What an id names, or undefined when it is not `<hostingId>`.
 *
 * @example
 * parsePhpVersionId("101"); // { hostingId: 101 }
 */
export function parsePhpVersionId(id: string): Pick<Inputs, "hostingId"> | undefined {
  return parseHostingAccountId(id);
}

function outputsOf(hostingId: number, phpVersion: string, versions: PhpVersions, found: FoundSetting<string>): Outputs {
  return { hostingId, phpVersion, defaultVersion: versions.defaultVersion ?? "", availableVersions: versions.availableVersions, ...found };
}

/** The active version, from `php.getVersion`; `fresh` bypasses the read cache. */
async function activeVersion(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<string> {
  const params = { ...address };
  const active = fresh ? await ctx.request("php.getVersion", params) : await ctx.read("php.getVersion", params, [scopeOf(address.id)]);
  return active.phpVersion;
}

/**
 * Checks the version against the live listing (nothing is written when it is not installed),
 * then sets it. `found` is the state's record of the version found at create; a create (no
 * state yet) records the version active now, before writing.
 */
async function apply(ctx: ProviderContext, v: Inputs, found: FoundSetting<string> | undefined): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  return ctx.serial(scopeOf(v.hostingId), async () => {
    const versions = await phpVersionsOf(ctx, address, true);
    const problem = phpVersionProblem(v.phpVersion, versions, v.hostingId);
    if (problem) throw new Error(`PhpVersion: ${problem}; nothing was changed`);
    let kept = found;
    let creating: Outputs | undefined;
    if (kept === undefined) {
      const current = versions.currentVersion || (await activeVersion(ctx, address, true));
      if (!current)
        ctx.log.warn(
          `PhpVersion ${v.hostingId}: the API reports no active version; destroy will return the account to its default version`,
        );
      // A create cut off after its write left the program's version active: the record says what it found.
      const found = current ? await foundAtCreate(ctx, "PhpVersion", phpVersionId(v), current, v.phpVersion) : current;
      kept = found ? { previous: found } : {};
      creating = outputsOf(v.hostingId, current, versions, kept);
    }
    await writeKeepingFound(phpVersionId(v), creating, () =>
      ctx.write("php.setVersion", { ...address, version: v.phpVersion }, [scopeOf(v.hostingId)]),
    );
    return outputsOf(v.hostingId, v.phpVersion, versions, kept);
  });
}

/**
 * The PhpVersion declaration: identity is the hosting account; the version changes in place;
 * destroy puts back the version found active at create.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("PhpVersion").id.format; // "<hostingId>, e.g. 101"
 */
export const phpVersionDefinition = defineResource<typeof phpVersionInputs, Inputs, Outputs>({
  type: "PhpVersion",
  recordsFound: true,
  inputs: phpVersionInputs,
  ...hostingAccountIdentity,
  secretOutputs: [],
  onMissing: "remove",
  requires: () => [
    {
      property: "phpVersion",
      operations: ["php.listVersions", "php.getVersion", "php.setVersion"],
      reason: "PhpVersion works with apiVersion v4 or v3 only",
    },
  ],

  async create(ctx, inputs) {
    // An account always runs some version: "create" records it and sets the program's.
    return { id: phpVersionId(inputs), outs: await apply(ctx, inputs, undefined) };
  },

  async read(ctx, { key, props }) {
    const hostingId = key.hostingId!;
    const address = await ctx.hosting(hostingId);
    const live = await unlessNotFound(async () => {
      const phpVersion = await activeVersion(ctx, address, false);
      return { phpVersion, versions: await phpVersionsOf(ctx, address, false) };
    });
    // Not found: the hosting account is gone, and its PHP setting with it.
    if (live === undefined) return undefined;
    return { outs: outputsOf(hostingId, live.phpVersion, live.versions, previousOnRead(props, live.phpVersion)) };
  },

  async update(ctx, _id, olds, news) {
    // The version found at create stays what destroy puts back.
    return apply(ctx, news, keptPrevious(olds));
  },

  async delete(ctx, id, props) {
    const address = await ctx.hosting(props.hostingId);
    await ctx.serial(scopeOf(props.hostingId), async () => {
      const versions = await unlessNotFound(() => phpVersionsOf(ctx, address, true));
      if (versions === undefined) return;
      const found = props.previous;
      let target = found;
      if (found === undefined) {
        noPreviousNote(ctx, "PhpVersion", id, `the account returns to its default version (${versions.defaultVersion || "none given"})`);
        target = versions.defaultVersion;
      } else if (!versions.availableVersions.includes(found)) {
        ctx.log.warn(
          `PhpVersion ${id}: PHP ${found}, active when the resource was created, is no longer installed; the account returns to its default version (${versions.defaultVersion || "none given"})`,
        );
        target = versions.defaultVersion;
      }
      if (!target) {
        ctx.log.warn(
          `PhpVersion ${id}: the version listing gives no default version; PHP ${versions.currentVersion ?? "as it is"} is left active`,
        );
        return;
      }
      if (versions.currentVersion === target) return;
      await ctx.write("php.setVersion", { ...address, version: target }, [scopeOf(props.hostingId)]);
    });
  },
});
