/**
 * Node.js of a hosting account: the interpreter versions available and the applications set up.
 *
 * Paths are pattern guesses (v4: catalog §1 #39-40, INFERRED-L; v3: the same under /v3, not shown
 * by the legacy document). v2 has no Node.js operations. Deployment and environment operations
 * exist but the document does not show them (v4 document, general rule 7).
 */
import { z } from "zod";
import { defineOperations, route } from "../endpoint";
import { envelope, hostingV3, hostingV4, list, obj, optionalFields, str } from "../schemas";

/**
 * One Node.js application. The v4 document lists what an entry carries (root directory, Node.js
 * version, URI, domain, startup file, status, path of the virtual-environment activation script)
 * but hides the field names, so the camelCase names below are ours. The aliases accept the
 * snake_case names of the CloudLinux Node.js selector JSON that the hosting platform runs
 * (`startup_file`, read over SSH in PlanetHoster/nuxt-demo, catalog §1 #40), in case the API
 * passes that JSON through.
 *
 * @example
 * nodejsApplication.parse({ app_root: "apps/api", nodejs_version: "20", startup_file: "server.js" });
 * // { appRoot: "apps/api", version: "20", startupFile: "server.js", ... }
 */
export const nodejsApplication = obj(
  optionalFields({ appRoot: str(), version: str(), uri: str(), domain: str(), startupFile: str(), status: str(), virtualenvPath: str() }),
  {
    appRoot: ["app_root", "root"],
    version: ["nodejs_version", "nodeVersion"],
    uri: ["app_uri", "appUri"],
    startupFile: ["startup_file"],
    status: ["app_status", "appStatus"],
    virtualenvPath: ["virtualenv_path", "virtualenv", "activatePath"],
  },
);
export type NodejsApplication = z.output<typeof nodejsApplication>;

const versionsShape = { interpreter: str().optional(), versions: list(str()) };
/** The document names no field for the application list; we use `data`, as the redirection listing does. */
const applicationList = envelope({ data: list(nodejsApplication) });

/**
 * Node.js operations of v4 and v3.
 *
 * @example
 * const { versions } = await client.request("v4.nodejs.listVersions", { id: 101 });
 * const { data: apps } = await client.request("nodejs.listApplications", { id: 101 });
 */
export const nodejsOperations = defineOperations({
  "nodejs.listVersions": {
    summary: "List the Node.js versions available to a hosting account",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: envelope(versionsShape),
    v4: route("GET /v4/hosting/nodejs/versions", "INFERRED-L, catalog §1 #39"),
    // v3 wraps the versions resource in `data` (legacy document, difference 3); the application
    // list is already `data`.
    v3: route("GET /v3/hosting/nodejs/versions", "INFERRED-L: v4 path pattern, catalog §1 #39", {
      unwrap: true,
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
  "nodejs.listApplications": {
    summary: "List the Node.js applications of a hosting account",
    safety: "read",
    envelope: true,
    request: z.strictObject({ ...hostingV4 }),
    response: applicationList,
    v4: route("GET /v4/hosting/nodejs/applications", "INFERRED-L, catalog §1 #40"),
    v3: route("GET /v3/hosting/nodejs/applications", "INFERRED-L: v4 path pattern, catalog §1 #40", {
      request: z.strictObject({ ...hostingV3 }),
    }),
  },
});
