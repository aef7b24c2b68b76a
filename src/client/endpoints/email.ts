/**
 * E-mail accounts of a hosting account, and (v2) their DKIM, SPF and DMARC authentication.
 *
 * Evidence (`spec/api-catalog.md`): v3 is CONFIRMED in the official provisioning module and
 * PlanetHoster's own v3 PHP branch (§4.1: S2, S4-PR83, T2); v4 is the v3 path with `/v4`; v2 is
 * CONFIRMED in the official 2.0.0 spec (§4.2). A weak password is refused with `errors`
 * containing `"isStrongPassword"` (catalog §7.2).
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { bool, domainName, envelope, hostingV3, hostingV4, list, num, obj, optionalFields, secret, str } from "../schemas";

// ---- request pieces ----

/** The local part of the address (`contact` in `contact@example.org`). */
const mailUser = z.string().min(1);
/** Mailbox quota in MB (v2 spec: "Size of the email quota in MB"). */
const quota = z.number().int().positive();
const mailbox = { domain: domainName, mailUser };
/** The mailbox password: marked secret, so no error the client builds repeats it (schemas.ts, `secretFields`). */
const password = secret(z.string().min(1));
const createShape = { ...mailbox, password, quota: quota.optional() };
/** PATCH changes the password, the quota or both; at least one is required. */
const updateShape = { ...mailbox, password: password.optional(), quota: quota.optional() };
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
  ...optionalFields({ account: str(), domain: str(), mailUser: str(), quota: num(), status: str() }),
});
const listReply = envelope({ data: list(mailAccount) });
const done = envelope({});

const authsReply = envelope({
  data: obj({ usingPhDns: bool().optional(), dkim: bool().optional(), spf: bool().optional(), dMarc: bool().optional() }),
});
const V4_SOURCE = "INFERRED-M: v3 §4.1 path with /v4";
const V3_SOURCE = "CONFIRMED, catalog §4.1";
const V2_SOURCE = "CONFIRMED, catalog §4.2";

/**
 * E-mail operations of v4, v3 and v2.
 *
 * @example
 * await client.request("email.create", { id: 101, domain: "agency-demo.com", mailUser: "sales", password: "S3cure-Mailbox!", quota: 2048 });
 */
export const emailOperations = defineOperations({
  "email.list": {
    summary: "List the e-mail accounts (optionally of one domain)",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName.optional() }),
    response: listReply,
    v4: route("GET /v4/hosting/emails", V4_SOURCE),
    // T2 adds a `domain` filter; S2 and S4-PR83 send the id alone.
    v3: route("GET /v3/hosting/emails", V3_SOURCE, { request: z.strictObject({ ...hostingV3, domain: domainName.optional() }) }),
    v2: route("GET /n0c-api/emails", V2_SOURCE, { summary: "List the e-mail accounts", request: z.strictObject(hostingV4) }),
  },
  "email.create": {
    summary: "Create an e-mail account",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...createShape }),
    response: done,
    v4: route("POST /v4/hosting/email", V4_SOURCE),
    v3: route("POST /v3/hosting/email", V3_SOURCE, { unwrap: true, request: z.strictObject({ ...hostingV3, ...createShape }) }),
    v2: route("POST /n0c-api/email/add", V2_SOURCE, { unwrap: true }),
  },
  "email.update": {
    summary: "Change the password and/or quota of an e-mail account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...updateShape }).refine(changesSomething, updateIssue),
    response: done,
    v4: route("PATCH /v4/hosting/email", V4_SOURCE),
    v3: route("PATCH /v3/hosting/email", V3_SOURCE, {
      unwrap: true,
      request: z.strictObject({ ...hostingV3, ...updateShape }).refine(changesSomething, updateIssue),
    }),
  },
  "email.changePassword": {
    summary: "Change the password of an e-mail account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...mailbox, password }),
    response: done,
    v2: route("POST /n0c-api/email/change-password", V2_SOURCE, { unwrap: true }),
  },
  "email.changeQuota": {
    summary: "Change the quota of an e-mail account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...mailbox, quota }),
    response: done,
    v2: route("POST /n0c-api/email/change-quota", V2_SOURCE, { unwrap: true }),
  },
  "email.delete": {
    summary: "Delete an e-mail account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...mailbox }),
    response: done,
    v4: route("DELETE /v4/hosting/email", V4_SOURCE),
    v3: route("DELETE /v3/hosting/email", V3_SOURCE, { unwrap: true, request: z.strictObject({ ...hostingV3, ...mailbox }) }),
    v2: route("POST /n0c-api/email/remove", V2_SOURCE, { unwrap: true }),
  },
  "email.suspend": {
    summary: "Suspend an e-mail account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...byAddress }),
    response: done,
    v4: route("POST /v4/hosting/email/suspend", V4_SOURCE),
    v3: route("POST /v3/hosting/email/suspend", V3_SOURCE, { unwrap: true, request: z.strictObject({ ...hostingV3, ...byAddress }) }),
    v2: route("POST /n0c-api/email/suspend", V2_SOURCE, {
      unwrap: true,
      summary: "Suspend one or more e-mail accounts",
      request: z.strictObject({ ...hostingV4, ...mailboxes }),
    }),
  },
  "email.unsuspend": {
    summary: "Reactivate a suspended e-mail account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...byAddress }),
    response: done,
    v4: route("POST /v4/hosting/email/unsuspend", V4_SOURCE),
    v3: route("POST /v3/hosting/email/unsuspend", V3_SOURCE, { unwrap: true, request: z.strictObject({ ...hostingV3, ...byAddress }) }),
    v2: route("POST /n0c-api/email/unsuspend", V2_SOURCE, {
      unwrap: true,
      summary: "Reactivate one or more suspended e-mail accounts",
      request: z.strictObject({ ...hostingV4, ...mailboxes }),
    }),
  },
  "email.getAuths": {
    summary: "Read whether DKIM, SPF and DMARC are enabled for an e-mail account's domain",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...mailbox }),
    response: authsReply,
    v2: route("GET /n0c-api/email/auths", V2_SOURCE),
  },
  "email.enableAuth": {
    summary: "Enable DKIM, SPF or DMARC",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...mailbox, ...authKind }),
    response: done,
    v2: route("POST /n0c-api/email/auth/enable", V2_SOURCE, { unwrap: true }),
  },
  "email.disableAuth": {
    summary: "Disable DKIM, SPF or DMARC",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...mailbox, ...authKind }),
    response: done,
    v2: route("POST /n0c-api/email/auth/disable", V2_SOURCE, { unwrap: true }),
  },
});
