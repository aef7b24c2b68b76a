/**
 * CronEmail lifecycle: the address that receives the output of a hosting account's cron jobs.
 * The setting exists once per account, so this is a singleton: create sets the address over
 * whatever was there, and destroy removes it (the account's default: no cron mail).
 *
 * API calls (v2 CONFIRMED, catalog §3 #23, #26-27; v4 INFERRED-L, catalog §1 cron note; v3 the
 * same paths under `/v3`, INFERRED-L):
 * - create and update: `cron.setEmail` (`email`);
 * - read: `cron.list`, whose `cronEmail` is the address (null or absent when none is set), shared
 *   through the read cache with `CronJob` per hosting account;
 * - delete: `cron.removeEmail`. An address already removed counts as deleted.
 */
import type { ProviderContext } from "../../provider/runtime/context";
import { defineResource } from "../../provider/lifecycle/define";
import { apiErrorCode } from "../../provider/lifecycle/errors";
import type { HostingAddress } from "../../provider/runtime/context";
import { hostingAccountId, hostingAccountIdentity, parseHostingAccountId } from "../../provider/lifecycle/ids";
import { normalizeEmail } from "../../provider/rules/validators";
import { cronListing, cronScope } from "../shared/cron";
import { cronEmailInputs, normalizeCronEmail, type CronEmailInputs, type CronEmailOutputs } from "./schema";

type Inputs = CronEmailInputs;
type Outputs = CronEmailOutputs;

/**
 * What an id names, or undefined when it is not a hosting account id.
 *
 * @example
 * parseCronEmailId("101"); // { hostingId: 101 }
 */
export const parseCronEmailId: (id: string) => Pick<Inputs, "hostingId"> | undefined = parseHostingAccountId;

async function setEmail(ctx: ProviderContext, address: HostingAddress, v: Inputs): Promise<Outputs> {
  await ctx.write("cron.setEmail", { ...address, email: v.email }, [cronScope(v.hostingId)]);
  return { hostingId: v.hostingId, email: v.email };
}

/**
 * The CronEmail declaration: one per hosting account, named by it; the address changes in place.
 *
 * @example
 * import { definitionOf } from "pulumi-hosting-reseller/runtime";
 * definitionOf("CronEmail").id.format; // "<hostingId>, e.g. 101"
 */
export const cronEmailDefinition = defineResource<typeof cronEmailInputs, Inputs, Outputs>({
  type: "CronEmail",
  inputs: cronEmailInputs,
  normalize: normalizeCronEmail,
  ...hostingAccountIdentity,
  secretOutputs: [],
  onMissing: "remove",
  requires: () => [{ property: "email", operations: ["cron.list", "cron.setEmail", "cron.removeEmail"] }],

  async create(ctx, inputs) {
    const address = await ctx.hosting(inputs.hostingId);
    const outs = await ctx.serial(cronScope(inputs.hostingId), async () => {
      const before = await cronListing(ctx, address, true);
      if (before?.cronEmail && before.cronEmail !== inputs.email) {
        ctx.log.warn(
          `CronEmail: hosting account ${inputs.hostingId} mailed its cron output to ${before.cronEmail}; it now goes to ${inputs.email}, ` +
            "and destroying this resource removes the address rather than restoring the earlier one",
        );
      }
      return setEmail(ctx, address, inputs);
    });
    return { id: hostingAccountId(inputs), outs };
  },

  async read(ctx, { id }) {
    const key = parseCronEmailId(id)!;
    const listing = await cronListing(ctx, await ctx.hosting(key.hostingId), false);
    const listed = listing?.cronEmail?.trim();
    // No address set: nothing is managed any more.
    if (!listed) return undefined;
    const email = normalizeEmail(listed);
    return { outs: { hostingId: key.hostingId, email: email.ok ? email.value : listed } };
  },

  async update(ctx, _id, _olds, news) {
    const address = await ctx.hosting(news.hostingId);
    return ctx.serial(cronScope(news.hostingId), () => setEmail(ctx, address, news));
  },

  async delete(ctx, _id, props) {
    const address = await ctx.hosting(props.hostingId);
    try {
      await ctx.serial(cronScope(props.hostingId), () => ctx.write("cron.removeEmail", { ...address }, [cronScope(props.hostingId)]));
    } catch (err) {
      // The hosting account is gone, and its cron settings with it.
      if (apiErrorCode(err) === "not-found") return;
      throw err;
    }
  },
});
