/**
 * Cron jobs of a hosting account, and the cron e-mail that receives their output.
 *
 * Evidence (`spec/api-catalog.md`): v2 is CONFIRMED in the official 2.0.0 spec (§3 rows 23-27);
 * the v4 document says cron management exists but shows no operation, so the v4 paths are the
 * catalog's INFERRED-L candidates (§1, note after #75) and v3 follows the same pattern.
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { envelope, hostingV3, hostingV4, int, list, obj, str } from "../schemas";

/**
 * A standard five-field schedule (`*\/15 * * * *`). The simulator also checks each field's range;
 * this only catches the wrong number of fields before sending.
 */
const schedule = z
  .string()
  .trim()
  .refine((s) => s.split(/\s+/).length === 5, "A cron schedule has five fields: minute hour day month weekday");
const addShape = { schedule, command: z.string().min(1) };
/** `cronId` comes from the listing; the v2 spec also accepts the `schedule` (optional). */
const removeShape = { cronId: z.number().int().positive(), schedule: schedule.optional() };
const emailShape = { email: z.email() };

const cronEntry = obj({ id: int(), schedule: str().optional(), command: str().optional() }, { id: ["cronId", "cron_id"] });
const cronListShape = { crons: list(cronEntry), cronEmail: str().nullish() };
const cronEmailVariant = { cronEmail: ["cron_email"] };
const done = envelope({});

const V4_SOURCE = "INFERRED-L, catalog §1 cron note";
const V3_SOURCE = "INFERRED-L: v4 cron candidate path with /v3";

/**
 * Cron operations of v4, v3 and v2.
 *
 * @example
 * await client.request("cron.add", { id: 101, schedule: "0 3 * * *", command: "php artisan backup" });
 * const { crons } = await client.request("v4.cron.list", { id: 101 });
 */
export const cronOperations = defineOperations({
  "cron.list": {
    summary: "List the cron jobs and the cron e-mail",
    safety: "read",
    envelope: true,
    request: z.strictObject(hostingV4),
    response: envelope(cronListShape, cronEmailVariant),
    v4: route("GET /v4/hosting/crons", V4_SOURCE),
    v3: route("GET /v3/hosting/crons", V3_SOURCE, { unwrap: true, request: z.strictObject(hostingV3) }),
    v2: route("GET /n0c-api/crons", "CONFIRMED, catalog §3 #23", { unwrap: true }),
  },
  "cron.add": {
    summary: "Add a cron job",
    safety: "unsafe",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...addShape }),
    response: done,
    v4: route("POST /v4/hosting/cron", V4_SOURCE),
    v3: route("POST /v3/hosting/cron", V3_SOURCE, { unwrap: true, request: z.strictObject({ ...hostingV3, ...addShape }) }),
    // S5 calls this path without its leading slash (a bug, catalog §7.7 #9).
    v2: route("POST /n0c-api/cron/add", "CONFIRMED, catalog §3 #24", { unwrap: true }),
  },
  "cron.remove": {
    summary: "Remove a cron job",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...removeShape }),
    response: done,
    v4: route("DELETE /v4/hosting/cron", V4_SOURCE),
    v3: route("DELETE /v3/hosting/cron", V3_SOURCE, { unwrap: true, request: z.strictObject({ ...hostingV3, ...removeShape }) }),
    v2: route("POST /n0c-api/cron/remove", "CONFIRMED, catalog §3 #25", { unwrap: true }),
  },
  "cron.setEmail": {
    summary: "Set the e-mail address that receives the output of the cron jobs",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject({ ...hostingV4, ...emailShape }),
    response: done,
    v4: route("PUT /v4/hosting/cron/email", V4_SOURCE),
    v3: route("PUT /v3/hosting/cron/email", V3_SOURCE, { unwrap: true, request: z.strictObject({ ...hostingV3, ...emailShape }) }),
    v2: route("POST /n0c-api/cron/email/set", "CONFIRMED, catalog §3 #26", { unwrap: true }),
  },
  "cron.removeEmail": {
    summary: "Stop mailing the output of the cron jobs",
    safety: "idempotent",
    envelope: true,
    request: z.strictObject(hostingV4),
    response: done,
    v4: route("DELETE /v4/hosting/cron/email", V4_SOURCE),
    v3: route("DELETE /v3/hosting/cron/email", V3_SOURCE, { unwrap: true, request: z.strictObject(hostingV3) }),
    v2: route("POST /n0c-api/cron/email/remove", "CONFIRMED, catalog §3 #27", { unwrap: true }),
  },
});
