/**
 * DomainRegistration in-place changes: contacts (`domains.updateContacts`), nameservers and the
 * registrar lock made to match the inputs, one call per kind of change.
 */
import type { OperationParams } from "../../client/endpoints";
import type { ProviderContext } from "../../provider/runtime/context";
import { domainScope, keyOf, sameNameservers, setNameservers, setRegistrarLock, type DomainName } from "../shared/registrar";
import { contactParams, ROLES, sameContact } from "./contacts";
import type { DomainRegistrationInputs, DomainRegistrationOutputs } from "./schema";

type Inputs = DomainRegistrationInputs;
type Outputs = DomainRegistrationOutputs;

/** Statuses in which the registrar refuses changes (the transfer has not completed, or was denied). */
const NOT_MANAGEABLE = new Set(["Pending Transfer", "Cancelled"]);

/**
 * Makes contacts, nameservers and the registrar lock match the inputs, one call per kind of
 * change. While a transfer is pending or was denied the registrar refuses changes; they are then
 * skipped with a warning, and since state keeps the live values the next update tries again.
 * Returns what was changed.
 */
export async function converge(ctx: ProviderContext, news: Inputs, live: Outputs): Promise<string[]> {
  const name: DomainName = news;
  const scopes = [domainScope(name.domain)];
  const contactChanges = ROLES.filter(([, p]) => news[p] !== undefined && !sameContact(news[p], live[p]));
  const nsChange = news.nameservers !== undefined && !sameNameservers(news.nameservers, live.nameservers);
  const lockChange = news.registrarLock !== undefined && news.registrarLock !== live.registrarLock;
  if (news.idProtection !== undefined && news.idProtection !== live.idProtection) {
    ctx.log.warn(
      `${name.domain}: idProtection is ${String(news.idProtection)} in the program but ${String(live.idProtection)} at the registrar; the API has no operation to change ID protection after registration, so it is left as it is`,
    );
  }
  const wanted = [
    ...(contactChanges.length > 0 ? [`contacts (${contactChanges.map(([, p]) => p).join(", ")})`] : []),
    ...(nsChange ? ["nameservers"] : []),
    ...(lockChange ? ["registrar lock"] : []),
  ];
  if (wanted.length === 0) return [];
  if (NOT_MANAGEABLE.has(live.registrationStatus) || live.transferStatus === "Pending") {
    ctx.log.warn(
      `${name.domain}: ${wanted.join(", ")} not changed while the domain is "${live.registrationStatus}"; the next update applies them once the transfer has completed`,
    );
    return [];
  }
  if (contactChanges.length > 0) {
    const registrant = news.registrant ?? live.registrant;
    if (!registrant)
      throw new Error(`${name.domain}: the registrar reported no registrant, and the API needs one to change contacts; set registrant`);
    const params: OperationParams<"domains.updateContacts"> = { ...keyOf(name), ...contactParams("registrant", registrant) };
    for (const [role, property] of ROLES) {
      const c = news[property];
      if (role !== "registrant" && c) Object.assign(params, contactParams(role, c));
    }
    await ctx.write("domains.updateContacts", params, scopes);
  }
  if (nsChange) await setNameservers(ctx, name, news.nameservers!);
  if (lockChange) await setRegistrarLock(ctx, name, news.registrarLock!);
  return wanted;
}
