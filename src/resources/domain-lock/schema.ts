/**
 * DomainLock: inputs, their validation and normalization, and the state it keeps.
 *
 * The registrar lock (transfer protection, `clientTransferProhibited`) of a domain in the
 * reseller account. The domain is checked and normalized as `DomainRegistration` does it.
 */
import { z } from "zod";
import { isUnknown } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { domainInput } from "../../provider/rules/validators";
import type { FoundSetting } from "../shared/previous";
import { normalizeDomainKey } from "../shared/registrar";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const domainLockInputs = {
  /** The domain, Unicode or ASCII. */
  domain: domainInput,
  /** Whether the domain is locked against transfers. Default true, the safe state. */
  locked: z.boolean().default(true),
};

type Parsed = z.output<z.ZodObject<typeof domainLockInputs>>;

/** The checked inputs. */
export interface DomainLockInputs {
  /** ASCII (punycode), lower case, no trailing dot. */
  domain: string;
  locked: boolean;
}

/** The state: the domain, its live lock, and the lock found at create (`previous`, what destroy puts back). */
export type DomainLockOutputs = DomainLockInputs & FoundSetting<boolean>;

/** Normalizes the domain to its canonical spelling. */
export function normalizeDomainLock(v: Parsed, issue: IssueSink): DomainLockInputs {
  const out = { ...v };
  if (!isUnknown(v.domain)) {
    const key = normalizeDomainKey({ domain: v.domain }, issue);
    if (key) out.domain = key.domain;
  }
  return out;
}
