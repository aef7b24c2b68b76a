/**
 * DomainNameservers: inputs, their validation and normalization, and the state it keeps.
 *
 * The nameservers of a domain whose registration the program does not declare (a domain adopted
 * into the account, or registered elsewhere in the organisation). Names and nameservers are
 * checked and normalized exactly as `DomainRegistration` does it (the same functions): one
 * domain in three spellings from `domain` or `sld` and `tld`, 2 to 5 fully qualified host names
 * in ASCII lower case without the trailing dot, or the provider's nameservers.
 */
import { z } from "zod";
import { isUnknown } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { domainInput } from "../../provider/rules/validators";
import type { FoundSetting } from "../shared/previous";
import { nameserversInput, normalizeDomainKey, normalizeNameserverChoice, sldInput, tldInput } from "../shared/registrar";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const domainNameserversInputs = {
  /** The domain, Unicode or ASCII. Or give `sld` and `tld`. */
  domain: domainInput.optional(),
  sld: sldInput.optional(),
  tld: tldInput.optional(),
  nameservers: nameserversInput.optional(),
  useProviderNameservers: z.boolean().optional(),
};

type Parsed = z.output<z.ZodObject<typeof domainNameserversInputs>>;

/** The checked inputs: the domain in three consistent spellings, and the nameservers to set. */
export interface DomainNameserversInputs {
  /** ASCII (punycode), lower case, no trailing dot. */
  domain: string;
  sld: string;
  tld: string;
  /** Canonical host names, in the order given (ns1 first). */
  nameservers: string[];
  /** Whether `nameservers` are the provider's (`nsa/nsb/nsc.n0c.com`). */
  useProviderNameservers: boolean;
}

/** The state: the domain, its live nameservers, and those found at create (`previous`, what destroy puts back). */
export type DomainNameserversOutputs = DomainNameserversInputs & FoundSetting<string[]>;

/**
 * Cross-property rules and normalization: one domain name, and either nameservers or the
 * provider's (one of the two is required: a domain always has nameservers, there is no "unset").
 */
export function normalizeDomainNameservers(v: Parsed, issue: IssueSink): DomainNameserversInputs {
  const out = { ...v } as DomainNameserversInputs;
  const key = normalizeDomainKey(v, issue);
  if (key) Object.assign(out, key);
  if (!isUnknown(v.nameservers) && !isUnknown(v.useProviderNameservers)) {
    const choice = normalizeNameserverChoice(v, issue);
    if (choice) Object.assign(out, choice);
    else issue("nameservers", "set nameservers (2 to 5 host names), or useProviderNameservers: true");
  }
  return out;
}
