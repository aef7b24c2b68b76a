/**
 * PhpVersion lifecycle: the PHP version a hosting account runs. The account always runs one, so
 * this is a singleton setting: create sets the program's version over whatever was active, and
 * destroy returns the account to its default version.
 *
 * API calls (v4 and v3 only; every path a pattern guess, catalog §1 #30-32, INFERRED-L):
 * - `php.listVersions` (`currentVersion`, `defaultVersion`, `availableVersions`; v4 beside the
 *   envelope, v3 in `data`), read before every write so that a version the account does not
 *   have fails with the installed ones listed and nothing is written;
 * - `php.getVersion` (`phpVersion`) for read;
 * - `php.setVersion` (`version`) for create, update and delete. Delete sets the listing's
 *   `defaultVersion`, read at that moment (not the version found at create: the account's
 *   default is what "no program manages it" means).
 */
import type { ProviderContext } from "../../provider/context";
import { defineResource } from "../../provider/define";
import { apiErrorCode, unlessNotFound } from "../../provider/errors";
import { hostingAccountId, hostingAccountIdentity, parseHostingAccountId } from "../../provider/ids";
import { phpVersionScope, phpVersionsOf, type PhpVersions } from "../shared/php-settings";
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

function outputsOf(hostingId: number, phpVersion: string, versions: PhpVersions): Outputs {
  return { hostingId, phpVersion, defaultVersion: versions.defaultVersion ?? "", availableVersions: versions.availableVersions };
}

/** Checks the version against the live listing (nothing is written when it is not installed), then sets it. */
async function apply(ctx: ProviderContext, v: Inputs): Promise<Outputs> {
  const address = await ctx.hosting(v.hostingId);
  return ctx.serial(scopeOf(v.hostingId), async () => {
    const versions = await phpVersionsOf(ctx, address, true);
    const problem = phpVersionProblem(v.phpVersion, versions, v.hostingId);
    if (problem) throw new Error(`PhpVersion: ${problem}; nothing was changed`);
    await ctx.write("php.setVersion", { ...address, version: v.phpVersion }, [scopeOf(v.hostingId)]);
    return outputsOf(v.hostingId, v.phpVersion, versions);
  });
}

/**
 * The PhpVersion declaration: identity is the hosting account; the version changes in place;
 * destroy returns the account to its default version.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("PhpVersion").id.format; // "<hostingId>, e.g. 101"
 */
export const phpVersionDefinition = defineResource<typeof phpVersionInputs, Inputs, Outputs>({
  type: "PhpVersion",
  inputs: phpVersionInputs,
  ...hostingAccountIdentity,
  secretOutputs: [],
  onMissing: "remove",
  requires: () => [
    { property: "phpVersion", operations: ["php.listVersions", "php.getVersion", "php.setVersion"], reason: "PhpVersion works with apiVersion v4 or v3 only" },
  ],

  async create(ctx, inputs) {
    // An upsert: an account always runs some version, so "create" sets the program's.
    return { id: phpVersionId(inputs), outs: await apply(ctx, inputs) };
  },

  async read(ctx, { key }) {
    const hostingId = key.hostingId!;
    const address = await ctx.hosting(hostingId);
    try {
      const { phpVersion } = await ctx.read("php.getVersion", { ...address }, [scopeOf(hostingId)]);
      return { outs: outputsOf(hostingId, phpVersion, await phpVersionsOf(ctx, address, false)) };
    } catch (err) {
      // The hosting account is gone, and its PHP setting with it.
      if (apiErrorCode(err) === "not-found") return undefined;
      throw err;
    }
  },

  async update(ctx, _id, _olds, news) {
    return apply(ctx, news);
  },

  async delete(ctx, id, props) {
    const address = await ctx.hosting(props.hostingId);
    await ctx.serial(scopeOf(props.hostingId), async () => {
      const versions = await unlessNotFound(() => phpVersionsOf(ctx, address, true));
      if (versions === undefined) return;
      const target = versions.defaultVersion;
      if (!target) {
        ctx.log.warn(`PhpVersion ${id}: the version listing gives no default version; PHP ${versions.currentVersion ?? "as it is"} is left active`);
        return;
      }
      if (versions.currentVersion === target) return;
      await ctx.write("php.setVersion", { ...address, version: target }, [scopeOf(props.hostingId)]);
    });
  },
});
