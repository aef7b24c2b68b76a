/**
 * Hosting accounts: the listings that give a hosting `id` (and, on v3, its `username`), the
 * domains attached to an account, and account management (create, resources, suspension, panel
 * login, temporary URL).
 *
 * Evidence (`spec/api-catalog.md`): the v3 listings and management calls are CONFIRMED in the
 * official provisioning module and access-log script (§2 row 12, §4.1); v2 comes from the
 * official 2.0.0 spec (§3 "ref", §4.2); every v4 row is a pattern guess from the v3 path
 * (§1 #4, #5), so users can override its method and path from configuration.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import {
  apiErrors,
  bool,
  domainName,
  envelope,
  hostingId,
  hostingV3,
  hostingV4,
  int,
  list,
  noParams,
  num,
  obj,
  optionalFields,
  secret,
  str,
} from "../schemas";

// ---- request pieces ----

const amount = z.number().int().positive();
const hostingOnlyV4 = z.strictObject(hostingV4);
const hostingOnlyV3 = z.strictObject(hostingV3);

/** The location of a new account: a country (CA or FR) or, failing that, a server hostname. */
function oneLocation(v: { country?: string; hostname?: string }): boolean {
  return (v.country === undefined) !== (v.hostname === undefined);
}
const locationIssue = { message: "Give either country (CA or FR) or hostname, not both", path: ["country"] };

/**
 * v3 `POST /v3/hosting` fields. The catalog summarises the location as `location`; the module's
 * code (S2 `Http/Actions/CreateAccount.php`) sends `country` when the product has one and the
 * server `hostname` otherwise, so both are accepted and exactly one is required. v3 says
 * `memory` where v2 said `mem` (catalog §7.7 #7).
 */
const createV3Shape = {
  domain: domainName,
  country: z.enum(["CA", "FR"]).optional(),
  hostname: z.string().min(1).optional(),
  cpu: amount,
  memory: amount,
  io: amount,
  disk_space: amount.optional(),
  ls: z.boolean().optional(),
  cms_name: z.enum(["", "wp", "joomla", "prestashop", "drupal"]).optional(),
};

/** `PUT /v3/hosting` takes resources (package change) or `newPassword` (password change), not both. */
const updateShape = {
  cpu: amount.optional(),
  memory: amount.optional(),
  io: amount.optional(),
  // Marked secret, so no error the client builds repeats it (schemas.ts, `secretFields`).
  newPassword: secret(z.string().min(1)).optional(),
};
function resourcesXorPassword(v: { cpu?: number; memory?: number; io?: number; newPassword?: string }): boolean {
  const resources = v.cpu !== undefined || v.memory !== undefined || v.io !== undefined;
  return resources !== (v.newPassword !== undefined);
}
const updateIssue = { message: "Give cpu, memory and/or io, or newPassword, but not both", path: ["newPassword"] };

/** v2 world-api resource fields (`mem`, not `memory`); at least one must be given. */
const v2ResourceShape = { cpu: amount.optional(), mem: amount.optional(), io: amount.optional() };
function someResource(v: { cpu?: number; mem?: number; io?: number }): boolean {
  return v.cpu !== undefined || v.mem !== undefined || v.io !== undefined;
}
const resourceIssue = { message: "Give at least one of cpu, mem, io", path: ["cpu"] };

const docroot = z.string().min(1);

// ---- response pieces ----

const resources = obj({ cpu: num().optional(), mem: num().optional(), io: num().optional() });

/**
 * An entry of `world_accounts` (v3 `the-world/info`, v2 `get-accounts`). v2 spells the resources
 * `ressources` (T4), read here as `resources`.
 */
const worldAccount = obj(
  {
    id: int(),
    ...optionalFields({ username: str(), domain: str(), hostname: str(), ip: str(), status: str(), resources }),
  },
  { resources: ["ressources"] },
);

/** An entry of `hosting_accounts` (`GET /v3/hostings`, S2 `Pages/Details.php`, S3). */
const hostingAccount = obj(
  {
    id: int(),
    username: str(),
    ...optionalFields({ domain: str(), ip: str(), location: str(), status: str(), resources, litespeed: bool() }),
    cms_name: str().nullish(),
    temporary_url: str().nullish(),
  },
  { resources: ["ressources"] },
);

const hostingDomain = obj({ domain: str(), docroot: str().optional(), suspended: bool().optional() });
const domainsReply = envelope({ data: list(hostingDomain) });

const created = envelope({ id: int(), username: str(), password: str().optional(), server_ip: str().optional() });
/** Envelope plus `message`; the operation returns nothing else. */
const done = envelope({});

/** v2 adds the count and the resources left in the plan (S8); v4 and v3 document neither. */
const worldAccountsReply = envelope({
  ...optionalFields({ nb_active_or_suspended_accounts: int(), total_available_resources: resources }),
  world_accounts: list(worldAccount),
});
/** v2 `create-account`: S4 master also sends `cms` and `with_cpanel` (catalog §4.2); the official spec lists the rest. */
const v2CreateRequest = z.strictObject({
  domain: domainName,
  country: z.enum(["CA", "FR"]),
  ...v2ResourceShape,
  ls: z.boolean().optional(),
  cms: z.string().optional(),
  with_cpanel: z.boolean().optional(),
});
const v2Created = obj({
  ...optionalFields({ account_created: bool(), server_hostname: str(), server_ip: str() }),
  id: int(),
  username: str(),
  password: str().optional(),
});
const v2Suspended = obj(optionalFields({ account_suspended: bool(), message: str(), suspension_reason: str() }));
const v2Unsuspended = obj(optionalFields({ account_unsuspended: bool(), message: str() }));
const resourcesModified = obj(optionalFields({ cpu_updated: bool(), mem_updated: bool(), io_updated: bool(), errors: apiErrors }));

/**
 * Hosting-account operations of v4, v3 and v2.
 *
 * @example
 * const { hosting_accounts } = await client.request("hosting.listAccounts", {});
 * const site = hosting_accounts.find((h) => h.domain === "agency-demo.com");
 */
export const hostingOperations = defineOperations({
  "hosting.listWorldAccounts": {
    summary: "List the dedicated (World) hosting accounts",
    safety: "read",
    envelope: true,
    request: noParams,
    response: worldAccountsReply,
    v4: route("GET /v4/the-world/info", "INFERRED-M, catalog §1 #4"),
    v3: route("GET /v3/the-world/info", "CONFIRMED, catalog §2 #12"),
    // The v2 document references this listing as `/get-accounts`; the path is under `/world-api`
    // (catalog §3 "ref", §6). It is reseller-level and answers without the hosting envelope (S8).
    v2: route("GET /world-api/get-accounts", "CONFIRMED, catalog §3 ref", {
      summary: "List the World account and its sub-accounts, with the resources left in the plan",
      envelope: false,
    }),
  },
  "hosting.listAccounts": {
    summary: "List every hosting account (World and shared) with its id and username",
    safety: "read",
    envelope: true,
    request: z.strictObject({ id: hostingId.optional() }),
    response: envelope({ hosting_accounts: list(hostingAccount) }),
    // Shared-hosting info (catalog §1 #5) is UNKNOWN: the v4 document only says the path ends in
    // `/info`. We keep the v3 collection name (`/v3/hostings`) and add the `/info` suffix the
    // document gives both listings (`/v4/the-world/info`); `/v4/hosting/...` is the prefix of
    // operations on one account, so `/v4/hosting/info` would read as "info about one account".
    v4: route("GET /v4/hostings/info", "UNKNOWN, catalog §1 #5"),
    // S3 sends no parameters; S2 sends `{id}` to read one account (catalog §4.1).
    v3: route("GET /v3/hostings", "CONFIRMED, catalog §4.1"),
  },
  "hosting.listDomains": {
    summary: "List the domains attached to a hosting account",
    safety: "read",
    envelope: true,
    request: hostingOnlyV4,
    response: domainsReply,
    v4: route("GET /v4/hosting/domains", "INFERRED-M: v3 §4.1 path with /v4"),
    v3: route("GET /v3/hosting/domains", "CONFIRMED, catalog §4.1", { request: hostingOnlyV3 }),
    v2: route("GET /n0c-api/domains", "CONFIRMED, catalog §4.2"),
  },
  // Account management.
  "hosting.create": {
    summary: "Create a hosting account",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject(createV3Shape).refine(oneLocation, locationIssue),
    response: created,
    v4: route("POST /v4/hosting", "INFERRED-M: v3 §4.1 path with /v4"),
    v3: route("POST /v3/hosting", "CONFIRMED, catalog §4.1"),
    v2: route("POST /world-api/create-account", "CONFIRMED, catalog §4.2", {
      summary: "Create a World sub-account with the requested resources",
      envelope: false,
      request: v2CreateRequest,
      response: v2Created,
    }),
  },
  "hosting.update": {
    summary: "Change the resources or the password of a hosting account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...updateShape }).refine(resourcesXorPassword, updateIssue),
    response: done,
    v4: route("PUT /v4/hosting", "INFERRED-M: v3 §4.1 path with /v4"),
    v3: route("PUT /v3/hosting", "CONFIRMED, catalog §4.1", {
      request: z.strictObject({ ...hostingV3, ...updateShape }).refine(resourcesXorPassword, updateIssue),
    }),
  },
  "hosting.delete": {
    summary: "Terminate a hosting account",
    safety: "idempotent",
    envelope: true,
    request: hostingOnlyV4,
    response: done,
    v4: route("DELETE /v4/hosting", "INFERRED-M: v3 §4.1 path with /v4"),
    // S2 `terminatedAccount` also sends the account password; what the server does with it is not
    // known, so it is optional here.
    v3: route("DELETE /v3/hosting", "CONFIRMED, catalog §4.1", {
      request: z.strictObject({ ...hostingV3, password: secret(z.string()).optional() }),
    }),
  },
  "hosting.suspend": {
    summary: "Suspend a hosting account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, reason: z.string().optional() }),
    response: done,
    v4: route("POST /v4/hosting/suspend", "INFERRED-M: v3 §4.1 path with /v4"),
    v3: route("POST /v3/hosting/suspend", "CONFIRMED, catalog §4.1", {
      request: z.strictObject({ ...hostingV3, reason: z.string().optional() }),
    }),
    v2: route("POST /world-api/suspend-account", "CONFIRMED, catalog §4.2", {
      summary: "Suspend a World sub-account",
      envelope: false,
      request: z.strictObject({ ...hostingV4, reason: z.string().min(1) }),
      response: v2Suspended,
    }),
  },
  "hosting.unsuspend": {
    summary: "Reactivate a suspended hosting account",
    safety: "idempotent",
    envelope: true,
    request: hostingOnlyV4,
    response: done,
    v4: route("POST /v4/hosting/unsuspend", "INFERRED-M: v3 §4.1 path with /v4"),
    v3: route("POST /v3/hosting/unsuspend", "CONFIRMED, catalog §4.1", { request: hostingOnlyV3 }),
    v2: route("POST /world-api/unsuspend-account", "CONFIRMED, catalog §4.2", {
      summary: "Reactivate a suspended World sub-account",
      envelope: false,
      response: v2Unsuspended,
    }),
  },
  "hosting.modifyResources": {
    summary: "Change the CPU, memory and I/O of a World sub-account",
    safety: "idempotent",
    envelope: false,
    request: z.strictObject({ ...hostingV4, ...v2ResourceShape }).refine(someResource, resourceIssue),
    response: resourcesModified,
    // The official spec (S8) and S5 spell it `modify-resources`; S4, S6 and S7 call
    // `/world-api/modify-ressources` (catalog §7.7 #2). Override the path if your account needs it.
    v2: route("POST /world-api/modify-resources", "CONFIRMED, catalog §4.2"),
  },
  "hosting.upgradePlan": {
    summary: "Raise the CPU, memory and I/O of the reseller's World plan",
    safety: "unsafe",
    envelope: false,
    request: z.strictObject(v2ResourceShape).refine(someResource, resourceIssue),
    response: obj({ message: str().optional(), plan_resources: resources.optional() }),
    // Seen only in S4, S6 and S7 (not in the official spec); it raises the reseller's World plan and
    // is billed, so it is never retried. Its response is not documented.
    v2: route("POST /world-api/upgrade-plan", "CONFIRMED, catalog §4.2 (S4, S6, S7 only)"),
  },
  "hosting.getLoginUrl": {
    summary: "Get a single sign-on URL for the hosting control panel",
    safety: "read",
    envelope: true,
    request: hostingOnlyV4,
    response: envelope({ login_url: str() }, { login_url: ["loginUrl"] }),
    v4: route("GET /v4/hosting/login", "INFERRED-M: v3 §4.1 path with /v4"),
    // `data.login_url` is snake_case here but `data.loginUrl` on phpMyAdmin (catalog §7.7 #3).
    v3: route("GET /v3/hosting/login", "CONFIRMED, catalog §4.1", { unwrap: true, request: hostingOnlyV3 }),
  },
  "hosting.enableTemporaryUrl": {
    summary: "Give the account a temporary URL (to reach the site before DNS points to it)",
    safety: "idempotent",
    envelope: true,
    request: hostingOnlyV4,
    response: envelope({ temporary_url: str().nullish() }),
    v4: route("POST /v4/hosting/temporary-url", "INFERRED-M: v3 §4.1 path with /v4"),
    v3: route("POST /v3/hosting/temporary-url", "CONFIRMED, catalog §4.1", { unwrap: true, request: hostingOnlyV3 }),
    v2: route("POST /n0c-api/user/temp-domain", "CONFIRMED, catalog §4.2", {
      unwrap: true,
      summary: "Give the account a temporary domain",
    }),
  },
  "hosting.disableTemporaryUrl": {
    summary: "Remove the temporary URL of an account",
    safety: "idempotent",
    envelope: true,
    request: hostingOnlyV4,
    response: done,
    v4: route("DELETE /v4/hosting/temporary-url", "INFERRED-M: v3 §4.1 path with /v4"),
    v3: route("DELETE /v3/hosting/temporary-url", "CONFIRMED, catalog §4.1", { unwrap: true, request: hostingOnlyV3 }),
    v2: route("POST /n0c-api/user/disable-temp-domain", "CONFIRMED, catalog §4.2", {
      unwrap: true,
      summary: "Remove the temporary domain of an account",
    }),
  },
  // Domains of an account: v3 and v2 answer the message in `data` (legacy document, difference 3).
  "hosting.reactivateDomain": {
    summary: "Reactivate a suspended domain of a hosting account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV3, domain: domainName }),
    response: done,
    // The legacy document's "extra operation" (difference 4); the path follows the v3 unsuspend
    // analogs (catalog §2 #13).
    v3: route("POST /v3/hosting/domain/unsuspend", "INFERRED-L, catalog §2 #13", { unwrap: true }),
  },
  "hosting.addDomain": {
    summary: "Attach a domain to a hosting account",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName, docroot }),
    response: done,
    v2: route("POST /n0c-api/domain/add", "CONFIRMED, catalog §4.2", { unwrap: true }),
  },
  "hosting.removeDomain": {
    summary: "Detach a domain (and its sub-domains) from a hosting account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName }),
    response: done,
    v2: route("POST /n0c-api/domain/remove", "CONFIRMED, catalog §4.2", { unwrap: true }),
  },
  "hosting.addSubdomain": {
    summary: "Add a sub-domain of an attached domain",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName, subDomain: z.string().min(1), docroot }),
    response: done,
    v2: route("POST /n0c-api/domain/add-sub-domain", "CONFIRMED, catalog §4.2", { unwrap: true }),
  },
  "hosting.suspendDomains": {
    summary: "Suspend one or more domains of a hosting account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domains: z.array(domainName).min(1) }),
    response: done,
    v2: route("POST /n0c-api/domain/suspend", "CONFIRMED, catalog §4.2", { unwrap: true }),
  },
  "hosting.unsuspendDomains": {
    summary: "Reactivate one or more suspended domains of a hosting account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domains: z.array(domainName).min(1) }),
    response: done,
    v2: route("POST /n0c-api/domain/unsuspend", "CONFIRMED, catalog §4.2", { unwrap: true }),
  },
  "hosting.changeDocRoot": {
    summary: "Change the document root of an attached domain",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, domain: domainName, docroot }),
    response: done,
    v2: route("POST /n0c-api/domain/change-doc-root", "CONFIRMED, catalog §4.2", { unwrap: true }),
  },
});
