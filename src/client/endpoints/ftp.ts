/**
 * FTP accounts of a hosting account and their active connections.
 *
 * An account's username is `ftpUser@domain`; requests name it by `domain` plus `ftpUser`, the part
 * before `@` (S2 splits the username on `@` before deleting, catalog §1 #67). v3 list, create,
 * edit and delete at `/v3/hosting/ftp` are CONFIRMED (S2; the list is at the singular path, catalog
 * §7.7 #4); the v4 paths repeat them (INFERRED-M); v2 is CONFIRMED (S8, S5) and has separate
 * password and path changes where v3/v4 have one edit.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { domainName, envelope, hostingV3, hostingV4, int, list, obj, optionalFields, secret, str } from "../schemas";

/**
 * An FTP account entry: `id`, `username` (`user@domain`), `path` (v4 document).
 *
 * @example
 * ftpAccountEntry.parse({ id: 11, username: "deploy@agency-demo.com", path: "/public_html" });
 */
export const ftpAccountEntry = obj({
  id: int().optional(),
  username: str(),
  path: str().optional(),
});

/**
 * An active FTP connection (v4 document, "Active connection entry").
 *
 * @example
 * ftpConnectionEntry.parse({ pid: "4211", account: "deploy@agency-demo.com", time: 42, state: "IDLE" });
 */
export const ftpConnectionEntry = obj(
  optionalFields({
    pid: str(),
    account: str(),
    time: int(),
    state: str(),
    host: str(),
    localhost: str(),
    localport: str(),
  }),
);

/** `data`: one `{ message }` per change applied (v4 document, Edit account). */
const changeMessages = envelope({ data: list(obj({ message: str().optional() })) });

const account = { domain: domainName, ftpUser: z.string().min(1) };
/** The login's password: marked secret, so no error the client builds repeats it (schemas.ts, `secretFields`). */
const password = secret(z.string().min(1));
const createFields = {
  ...account,
  path: z.string().min(1),
  password,
  // A boolean in the v4 document; S2 sends the string 'true' (catalog §7.7 #6). We send only booleans.
  createFolder: z.boolean().optional(),
};
const editFields = { ...account, password, path: z.string().min(1).optional() };

const v3Confirmed = "CONFIRMED, catalog §4.1 (S2 PlanetHosterAPI /v3/hosting/ftp)";
const v4FromV3 = (row: number) => `INFERRED-M, catalog §1 #${row}`;
const v2Source = (row: number) => `CONFIRMED, catalog §3 #${row} (S8, S5, S7-PR29)`;

/**
 * @example
 * await client.request("v4.ftp.createAccount", {
 *   id: 101, domain: "agency-demo.com", ftpUser: "ci", path: "/public_html/ci", password: "Ci-Pass-2026", createFolder: true,
 * });
 */
export const ftpOperations = defineOperations({
  "ftp.listAccounts": {
    summary: "List the FTP accounts of a hosting account",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({ data: list(ftpAccountEntry) }),
    v4: route("GET /v4/hosting/ftp", v4FromV3(64)),
    // v3 wraps results in `data` (legacy document, difference 3); the list's `data[]{username, path}` is seen in S2.
    v3: route("GET /v3/hosting/ftp", `${v3Confirmed} getFtpAccounts`, { request: z.strictObject({ ...hostingV3 }) }),
    v2: route("GET /n0c-api/ftp-accounts", v2Source(28)),
  },
  "ftp.createAccount": {
    summary: "Create an FTP account user@domain",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...createFields }),
    response: envelope({ id: int().optional(), username: str().optional(), path: str().optional() }),
    v4: route("POST /v4/hosting/ftp", v4FromV3(65)),
    v3: route("POST /v3/hosting/ftp", `${v3Confirmed} createFTPAccount`, {
      unwrap: true,
      request: z.strictObject({ ...hostingV3, ...createFields }),
    }),
    // v2 has no createFolder (S8 FtpaccountAddBody).
    v2: route("POST /n0c-api/ftp-account/add", v2Source(29), {
      unwrap: true,
      request: z.strictObject({ ...hostingV4, ...account, path: z.string().min(1), password }),
    }),
  },
  "ftp.editAccount": {
    summary: "Change the password and optionally the path of an FTP account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...editFields }),
    response: changeMessages,
    v4: route("PATCH /v4/hosting/ftp", v4FromV3(66)),
    v3: route("PATCH /v3/hosting/ftp", `${v3Confirmed} updateFTPAccount`, { request: z.strictObject({ ...hostingV3, ...editFields }) }),
  },
  "ftp.deleteAccount": {
    summary: "Delete an FTP account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...account }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/ftp", v4FromV3(67)),
    v3: route("DELETE /v3/hosting/ftp", `${v3Confirmed} deleteFTPAccount`, { request: z.strictObject({ ...hostingV3, ...account }) }),
    v2: route("POST /n0c-api/ftp-account/remove", v2Source(30)),
  },
  "ftp.listConnections": {
    summary: "List the active FTP connections",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({ activeConnections: list(ftpConnectionEntry) }),
    v4: route("GET /v4/hosting/ftp/active-connections", "INFERRED-L, catalog §1 #68 (pattern + v2 §3 #33)"),
    v3: route("GET /v3/hosting/ftp/active-connections", "INFERRED-L: v4 path pattern under /v3 (catalog §1 #68)", {
      unwrap: "activeConnections",
      request: z.strictObject({ ...hostingV3 }),
    }),
    v2: route("GET /n0c-api/ftp-account/active-connection", v2Source(33), { unwrap: "activeConnections" }),
  },
  "ftp.changePassword": {
    summary: "Change the password of an FTP account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...account, password }),
    response: envelope({}),
    // What v2 answers in `data` for the two changes is not shown; the message is all we rely on.
    v2: route("POST /n0c-api/ftp-account/password", v2Source(31)),
  },
  "ftp.updatePath": {
    summary: "Change the root path of an FTP account",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...account, path: z.string().min(1) }),
    response: envelope({}),
    v2: route("POST /n0c-api/ftp-account/update-path", v2Source(32)),
  },
});
