/**
 * The mailbox listing of a hosting account, read the same way by `EmailAccount` and by
 * `reseller generate`.
 *
 * API calls: `email.list` (`data[]{email, account, quota, status}`: v3 CONFIRMED by S2
 * `getEmailAccounts`, S4-PR83 and T2, catalog §4.1; v2 `GET /n0c-api/emails`, CONFIRMED, §4.2;
 * v4 the v3 path under `/v4`, INFERRED-M).
 */
import type { OperationReply } from "../../client/endpoints";
import { unlessNotFound } from "../../provider/lifecycle/errors";
import type { HostingAddress, ProviderContext } from "../../provider/runtime/context";
import { normalizeDomain } from "../../util/names";

/** One mailbox of the listing. */
export type MailboxEntry = OperationReply<"email.list">["data"][number];

/** Cache and write scope of the mailboxes of one hosting account. */
export function mailboxesScope(hostingId: number): string {
  return `email:${hostingId}`;
}

/** An address in canonical form: the local part in lower case, the domain in ASCII lower case. */
function canonical(address: string): string {
  const at = address.lastIndexOf("@");
  const domain = normalizeDomain(address.slice(at + 1));
  return `${address.slice(0, at).toLowerCase()}@${domain.ok ? domain.value : address.slice(at + 1).toLowerCase()}`;
}

/**
 * The address of a listed mailbox in canonical form (`sales@agency-demo.com`), or undefined when
 * the entry names none. S2 reads `email` and `account`, and which of the two holds the full
 * address is not certain from its code (observed): the one with an `@` is taken, else the v2
 * fields `mailUser` and `domain`.
 *
 * @example
 * mailboxAddress({ email: "Sales@Agency-Demo.com" }); // "sales@agency-demo.com"
 */
export function mailboxAddress(entry: MailboxEntry): string | undefined {
  const full = [entry.email, entry.account].find((v) => v?.includes("@"));
  if (full !== undefined) return canonical(full.trim());
  return entry.mailUser && entry.domain ? canonical(`${entry.mailUser.trim()}@${entry.domain.trim()}`) : undefined;
}

/**
 * The mailboxes of a hosting account, or undefined when the account is gone (404). `fresh`
 * bypasses the read cache (the identity read that settles a create).
 */
export async function mailboxListing(ctx: ProviderContext, address: HostingAddress, fresh: boolean): Promise<MailboxEntry[] | undefined> {
  const reply = await unlessNotFound(() =>
    fresh ? ctx.request("email.list", { ...address }) : ctx.read("email.list", { ...address }, [mailboxesScope(address.id)]),
  );
  // Every version lists mailboxes in `data`.
  return reply?.data;
}
