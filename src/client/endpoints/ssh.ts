/**
 * SSH keys of a hosting account: list, add, edit (comment and allowed addresses), remove.
 *
 * A key is identified by `key`, the MD5 fingerprint of its blob (v4 document, "SSH key entry").
 * v2 is CONFIRMED (S8, S5: `/n0c-api/user/*ssh-key*`, fields `pKey`, `comment`, `fromIps`); the v4
 * paths are a pattern guess (catalog §1 #60-63, INFERRED-L) and v3 repeats the v4 pattern under
 * `/v3` with `username`, since the legacy document does not show its SSH group (difference 9).
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { envelope, hostingV3, hostingV4, list, obj, optionalList, str } from "../schemas";

/**
 * One SSH key entry: `key` (MD5 fingerprint), `comment`, `fromIps` (v4 document).
 *
 * @example
 * sshKeyEntry.parse({ key: "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7", comment: "ci", fromIps: [] });
 */
export const sshKeyEntry = obj({
  key: str(),
  comment: str().optional(),
  fromIps: optionalList(str()),
});

const fingerprint = z.string().min(1);
const addFields = {
  /** The OpenSSH public key line, `type base64 [comment]`. */
  pKey: z.string().min(1),
  comment: z.string().optional(),
  /** Addresses (IPv4, IPv6 or CIDR) the key may connect from; all when omitted. */
  fromIps: z.array(z.string().min(1)).optional(),
};
const editFields = { key: fingerprint, comment: z.string().optional(), fromIps: z.array(z.string().min(1)).optional() };

const v4Source = (row: number) => `INFERRED-L, catalog §1 #${row} (pattern + v2 §4.2)`;
const v3Source = (row: number) => `INFERRED-L: v4 path pattern under /v3 (catalog §1 #${row})`;
const v2Source = "CONFIRMED, catalog §4.2 (S8, S5)";

/**
 * @example
 * const { keys } = await client.request("v4.ssh.listKeys", { id: 101 });
 */
export const sshOperations = defineOperations({
  "ssh.listKeys": {
    summary: "List the SSH keys of a hosting account",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope({ keys: list(sshKeyEntry) }),
    v4: route("GET /v4/hosting/ssh-keys", v4Source(60)),
    // v3 results are wrapped in `data` (legacy document, difference 3).
    v3: route("GET /v3/hosting/ssh-keys", v3Source(60), { unwrap: "keys", request: z.strictObject({ ...hostingV3 }) }),
    // v2 hosting operations answer `data` in the envelope (legacy document, 2.0.0 hosting operations).
    // S7-PR29 spells these paths `...-ssh-keys` (plural); S8, the official spec, has the singular.
    v2: route("GET /n0c-api/user/ssh-keys", v2Source, { unwrap: "keys" }),
  },
  "ssh.addKey": {
    summary: "Add an SSH public key; answers its MD5 fingerprint",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...addFields }),
    response: envelope({ key: str().optional() }),
    v4: route("POST /v4/hosting/ssh-key", v4Source(61)),
    v3: route("POST /v3/hosting/ssh-key", v3Source(61), { unwrap: true, request: z.strictObject({ ...hostingV3, ...addFields }) }),
    v2: route("POST /n0c-api/user/add-ssh-key", v2Source, { unwrap: true }),
  },
  "ssh.editKey": {
    summary: "Change the comment or allowed addresses of an SSH key",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...editFields }),
    response: envelope({}),
    v4: route("PATCH /v4/hosting/ssh-key", v4Source(62)),
    v3: route("PATCH /v3/hosting/ssh-key", v3Source(62), { request: z.strictObject({ ...hostingV3, ...editFields }) }),
    // S5's editSshKey calls remove-ssh-key (a destructive bug, catalog §7.7 #9); this is the S8 path.
    v2: route("POST /n0c-api/user/edit-ssh-key", v2Source),
  },
  "ssh.removeKey": {
    summary: "Remove an SSH key by its MD5 fingerprint",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, key: fingerprint }),
    response: envelope({}),
    v4: route("DELETE /v4/hosting/ssh-key", v4Source(63)),
    v3: route("DELETE /v3/hosting/ssh-key", v3Source(63), { request: z.strictObject({ ...hostingV3, key: fingerprint }) }),
    v2: route("POST /n0c-api/user/remove-ssh-key", v2Source),
  },
});
