/**
 * Cron jobs of a hosting account, and the cron e-mail that receives their output.
 *
 * Evidence (`spec/api-catalog.md`): v2 is CONFIRMED in the official 2.0.0 spec (§3 rows 23-27);
 * the v4 document says cron management exists but shows no operation, so the v4 paths are the
 * catalog's INFERRED-L candidates (§1, note after #75) and v3 follows the same pattern.
 */
import { z } from "zod";
import { defineEndpoints } from "../endpoint";
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
const dataMessage = envelope({ data: obj({ message: str().optional() }).optional() });
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
export const cronEndpoints = defineEndpoints({
  "v4.cron.list": {
    method: "GET",
    path: "/v4/hosting/crons",
    params: "body",
    request: z.strictObject(hostingV4),
    response: envelope(cronListShape, cronEmailVariant),
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "read",
    envelope: true,
    summary: "List the cron jobs and the cron e-mail",
  },
  "v3.cron.list": {
    method: "GET",
    path: "/v3/hosting/crons",
    params: "body",
    request: z.strictObject(hostingV3),
    response: envelope({ data: obj(cronListShape, cronEmailVariant) }),
    evidence: "inferred",
    source: V3_SOURCE,
    safety: "read",
    envelope: true,
    summary: "List the cron jobs and the cron e-mail",
  },
  "v2.cron.list": {
    method: "GET",
    path: "/n0c-api/crons",
    params: "body",
    request: z.strictObject(hostingV4),
    response: envelope({ data: obj(cronListShape, cronEmailVariant) }),
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #23",
    safety: "read",
    envelope: true,
    summary: "List the cron jobs and the cron e-mail",
  },
  "v4.cron.add": {
    method: "POST",
    path: "/v4/hosting/cron",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...addShape }),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "unsafe",
    envelope: true,
    summary: "Add a cron job",
  },
  "v3.cron.add": {
    method: "POST",
    path: "/v3/hosting/cron",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...addShape }),
    response: dataMessage,
    evidence: "inferred",
    source: V3_SOURCE,
    safety: "unsafe",
    envelope: true,
    summary: "Add a cron job",
  },
  // S5 calls this path without its leading slash (a bug, catalog §7.7 #9).
  "v2.cron.add": {
    method: "POST",
    path: "/n0c-api/cron/add",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...addShape }),
    response: dataMessage,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #24",
    safety: "unsafe",
    envelope: true,
    summary: "Add a cron job",
  },
  "v4.cron.remove": {
    method: "DELETE",
    path: "/v4/hosting/cron",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...removeShape }),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Remove a cron job",
  },
  "v3.cron.remove": {
    method: "DELETE",
    path: "/v3/hosting/cron",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...removeShape }),
    response: dataMessage,
    evidence: "inferred",
    source: V3_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Remove a cron job",
  },
  "v2.cron.remove": {
    method: "POST",
    path: "/n0c-api/cron/remove",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...removeShape }),
    response: dataMessage,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #25",
    safety: "idempotent",
    envelope: true,
    summary: "Remove a cron job",
  },
  "v4.cron.setEmail": {
    method: "PUT",
    path: "/v4/hosting/cron/email",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...emailShape }),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Set the e-mail address that receives the output of the cron jobs",
  },
  "v3.cron.setEmail": {
    method: "PUT",
    path: "/v3/hosting/cron/email",
    params: "body",
    request: z.strictObject({ ...hostingV3, ...emailShape }),
    response: dataMessage,
    evidence: "inferred",
    source: V3_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Set the e-mail address that receives the output of the cron jobs",
  },
  "v2.cron.setEmail": {
    method: "POST",
    path: "/n0c-api/cron/email/set",
    params: "body",
    request: z.strictObject({ ...hostingV4, ...emailShape }),
    response: dataMessage,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #26",
    safety: "idempotent",
    envelope: true,
    summary: "Set the e-mail address that receives the output of the cron jobs",
  },
  "v4.cron.removeEmail": {
    method: "DELETE",
    path: "/v4/hosting/cron/email",
    params: "body",
    request: z.strictObject(hostingV4),
    response: done,
    evidence: "inferred",
    source: V4_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Stop mailing the output of the cron jobs",
  },
  "v3.cron.removeEmail": {
    method: "DELETE",
    path: "/v3/hosting/cron/email",
    params: "body",
    request: z.strictObject(hostingV3),
    response: dataMessage,
    evidence: "inferred",
    source: V3_SOURCE,
    safety: "idempotent",
    envelope: true,
    summary: "Stop mailing the output of the cron jobs",
  },
  "v2.cron.removeEmail": {
    method: "POST",
    path: "/n0c-api/cron/email/remove",
    params: "body",
    request: z.strictObject(hostingV4),
    response: dataMessage,
    evidence: "confirmed",
    source: "CONFIRMED, catalog §3 #27",
    safety: "idempotent",
    envelope: true,
    summary: "Stop mailing the output of the cron jobs",
  },
});
