/**
 * E-mail accounts of a hosting account, and (v2) their DKIM, SPF and DMARC authentication.
 *
 * Evidence (`spec/api-catalog.md`): v3 is CONFIRMED in the official provisioning module and
 * PlanetHoster's own v3 PHP branch (§4.1: S2, S4-PR83, T2); v4 is the v3 path with `/v4`; v2 is
 * CONFIRMED in the official 2.0.0 spec (§4.2). A weak password is refused with `errors`
 * containing `"isStrongPassword"` (catalog §7.2).
 */
import { z } from "zod";
import { defineEndpoints } from "../endpoint";
import { bool, domainName, envelope, hostingV3, hostingV4, list, num, obj, str } from "../schemas";

// ---- request pieces ----

/** The local part of the address (`contact` in `contact@example.org`). */
const mailUser = z.string().min(1);
/** Mailbox quota in MB (v2 spec: "Size of the email quota in MB"). */
const quota = z.number().int().positive();
const mailbox = { domain: domainName, mailUser };
const createShape = { ...mailbox, password: z.string().min(1), quota: quota.optional() };
/** PATCH changes the password, the quota or both; at least one is required. */
const updateShape = { ...mailbox, password: z.string().min(1).optional(), quota: quota.optional() };
function changesSomething(v: { password?: string; quota?: number }): boolean {
  return v.password !== undefined || v.quota !== undefined;
}
const updateIssue = { message: "Give password, quota or both", path: ["password"] };
/** v3 suspends one account by its full address (S2 `suspendEmailAccount`, S4-PR83). */
const byAddress = { email: z.email() };
/** v2 suspends several accounts at once (`emails[]{domain, mailUser}`). */
const mailboxes = { emails: z.array(z.strictObject(mailbox)).min(1) };
const authKind = { auth: z.enum(["dkim", "spf", "dMarc"]) };

// ---- response pieces ----

/**
 * A listed account. S2 shows `email` and `account` and compares `status` with `"ACTIVE"`; the
 * simulator also returns `domain` and `mailUser`, which v2 operations take.
 */
const mailAccount = obj({
  email: str(),
  account: str().optional(),
  domain: str().optional(),
  mailUser: str().optional(),
  quota: num().optional(),
  status: str().optional(),
});
const listReply = envelope({ data: list(mailAccount) });
const done = envelope({});
const dataMessage = envelope({ data: obj({ message: str().optional() }).optional() });

const V4_SOURCE = "INFERRED-M: v3 §4.1 path with /v4";
const V3_SOURCE = "CONFIRMED, catalog §4.1";
const V2_SOURCE = "CONFIRMED, catalog §4.2";

/**
 * E-mail operations of v4, v3 and v2.
 *
 * @example
 * await client.request("email.create", { id: 101, domain: "agency-demo.com", mailUser: "sales", password: "S3cure-Mailbox!", quota: 2048 });
 */
export const emailEndpoints = defineEndpoints({
  "v4.email.list": {
    method: "GET",
    path: "/v4/hosting/emails",
    params: "body",
    request: z.strictObject({ ...hostingV4, domain: domainName.optional() }),
    response: listReply,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "read",
    envelope: true,
    summary: "List the e-mail accounts (optionally of one domain)",
  },
  // T2 adds a `domain` filter; S2 and S4-PR83 send the id alone.
  "v3.email.list": {
    method: "GET",
    path: "/v3/hosting/emails",
    params: "body",
    request: z.strictObject({ ...hostingV3, domain: domainName.optional() }),
    response: listReply,
    evidence: "confirmed",
    source: V3_SOURCE,
    safety: "read",
    envelope: true,
    summary: "List the e-mail accounts (optionally of one domain)",
  },
  "v2.email.list": {
    method: "GET",
    path: "/n0c-api/emails",
    params: "body",
    request: z.strictObject(hostingV4),
    response: listReply,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "read",
    envelope: true,
    summary: "List the e-mail accounts",
  },
  "v4.email.create": {
    method: "POST",
    path: "/v4/hosting/email",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...createShape }),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "unsafe",
    envelope: true,
    summary: "Create an e-mail account",
  },
  "v3.email.create": {
    method: "POST",
    path: "/v3/hosting/email",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...createShape }),
    response: dataMessage,
    evidence: "confirmed",
    source: V3_SOURCE,
    safety: "unsafe",
    envelope: true,
    summary: "Create an e-mail account",
  },
  "v2.email.create": {
    method: "POST",
    path: "/n0c-api/email/add",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...createShape }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "unsafe",
    envelope: true,
    summary: "Create an e-mail account",
  },
  "v4.email.update": {
    method: "PATCH",
    path: "/v4/hosting/email",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...updateShape }).refine(changesSomething, updateIssue),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Change the password and/or quota of an e-mail account",
  },
  "v3.email.update": {
    method: "PATCH",
    path: "/v3/hosting/email",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...updateShape }).refine(changesSomething, updateIssue),
    response: dataMessage,
    evidence: "confirmed",
    source: V3_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Change the password and/or quota of an e-mail account",
  },
  "v2.email.changePassword": {
    method: "POST",
    path: "/n0c-api/email/change-password",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailbox, password: z.string().min(1) }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Change the password of an e-mail account",
  },
  "v2.email.changeQuota": {
    method: "POST",
    path: "/n0c-api/email/change-quota",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailbox, quota }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Change the quota of an e-mail account",
  },
  "v4.email.delete": {
    method: "DELETE",
    path: "/v4/hosting/email",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailbox }),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Delete an e-mail account",
  },
  "v3.email.delete": {
    method: "DELETE",
    path: "/v3/hosting/email",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...mailbox }),
    response: dataMessage,
    evidence: "confirmed",
    source: V3_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Delete an e-mail account",
  },
  "v2.email.delete": {
    method: "POST",
    path: "/n0c-api/email/remove",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailbox }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Delete an e-mail account",
  },
  "v4.email.suspend": {
    method: "POST",
    path: "/v4/hosting/email/suspend",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...byAddress }),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Suspend an e-mail account",
  },
  "v3.email.suspend": {
    method: "POST",
    path: "/v3/hosting/email/suspend",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...byAddress }),
    response: dataMessage,
    evidence: "confirmed",
    source: V3_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Suspend an e-mail account",
  },
  "v2.email.suspend": {
    method: "POST",
    path: "/n0c-api/email/suspend",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailboxes }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Suspend one or more e-mail accounts",
  },
  "v4.email.unsuspend": {
    method: "POST",
    path: "/v4/hosting/email/unsuspend",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...byAddress }),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Reactivate a suspended e-mail account",
  },
  "v3.email.unsuspend": {
    method: "POST",
    path: "/v3/hosting/email/unsuspend",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...byAddress }),
    response: dataMessage,
    evidence: "confirmed",
    source: V3_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Reactivate a suspended e-mail account",
  },
  "v2.email.unsuspend": {
    method: "POST",
    path: "/n0c-api/email/unsuspend",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailboxes }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Reactivate one or more suspended e-mail accounts",
  },
  "v2.email.getAuths": {
    method: "GET",
    path: "/n0c-api/email/auths",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailbox }),
    response: envelope({
      data: obj({
        usingPhDns: bool().optional(),
        dkim: bool().optional(),
        spf: bool().optional(),
        dMarc: bool().optional(),
      }),
    }),
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "read",
    envelope: true,
    summary: "Read whether DKIM, SPF and DMARC are enabled for an e-mail account's domain",
  },
  "v2.email.enableAuth": {
    method: "POST",
    path: "/n0c-api/email/auth/enable",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailbox, ...authKind }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Enable DKIM, SPF or DMARC",
  },
  "v2.email.disableAuth": {
    method: "POST",
    path: "/n0c-api/email/auth/disable",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...mailbox, ...authKind }),
    response: dataMessage,
    evidence: "confirmed",
    source: V2_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Disable DKIM, SPF or DMARC",
  },
});
