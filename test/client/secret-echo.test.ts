/**
 * Secrets never leave: what a request carries in a field the endpoint table marks secret
 * (src/client/secrets.ts) is redacted from every error the client builds, even when the API's
 * error text repeats the whole request. The simulator's `echo` fault answers with the raw body,
 * the query string and each parameter's value. The test enumerates the table and finds the
 * secret fields by the table's own marks; it lists no key by hand.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createClient, type ResellerClient } from "../../src/client/client";
import { API_VERSIONS, type ApiVersion, type EndpointDef } from "../../src/client/endpoint";
import { endpoints } from "../../src/client/endpoints";
import type { ResellerApiError } from "../../src/client/errors";
import { secret } from "../../src/client/schemas";
import { secretFieldPaths, secretValues } from "../../src/client/secrets";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { areas } from "../../packages/simulator/src/handlers";
import { failure } from "../helpers/errors";
import { useProvider } from "../helpers/lifecycle";
import { testClientOptions } from "../helpers/sim";

const table = Object.values(endpoints as Record<string, EndpointDef>);
const samples = new Map(areas.flatMap((a) => Object.entries(a.samples)));
/** Every operation of every version whose request has a field the table marks secret. */
const withSecrets = table.filter((e) => secretFieldPaths(e.request).length > 0).map((e) => ({ key: e.key, e }));

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A recognisable secret for one field, with characters that JSON and URL encoding change (a
 * quote, a slash, a space, an accented letter, an ampersand), so each encoded form is tried too.
 */
const secretFor = (key: string, path: string) => `Zq7-${key}-${path}-"s/é &x`;

/** `value` with `planted` at `path` (`a.b`, `a[].b`, as `secretFieldPaths` writes them). */
function plant(value: unknown, path: string, planted: string): unknown {
  if (path === "") return planted;
  const [, head = "", rest = ""] = /^(\[\]|[^.[]+)\.?(.*)$/.exec(path) ?? [];
  if (head === "[]") return Array.isArray(value) ? value.map((v) => plant(v, rest, planted)) : value;
  const obj = isRecord(value) ? value : {};
  return { ...obj, [head]: plant(obj[head], rest, planted) };
}

/**
 * The operation's sample from the simulator (the one the contract test sends) with a secret in
 * each secret field. When a sample cannot carry the secret as it stands (a password change that
 * excludes a resource change), its optional fields that are not secret are left out.
 */
function paramsWithSecrets(sim: Simulator, e: EndpointDef): { params: Record<string, unknown>; secrets: string[] } {
  const sample = samples.get(e.key);
  if (!sample) throw new Error(`no simulator sample for ${e.key}`);
  const paths = secretFieldPaths(e.request);
  const secrets = paths.map((p) => secretFor(e.key, p));
  let params = sample(sim.store);
  paths.forEach((p, i) => (params = plant(params, p, secrets[i]!) as Record<string, unknown>));
  if (!e.request.safeParse(params).success) {
    const shape = (e.request as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape ?? {};
    params = Object.fromEntries(Object.entries(params).filter(([k]) => paths.includes(k) || !shape[k]?.safeParse(undefined).success));
  }
  return { params, secrets };
}

/** Every place an error shows: its message, its JSON, its text, its API fields, its cause, its stack. */
function surfaces(err: ResellerApiError): Record<string, string> {
  return {
    message: err.message,
    json: JSON.stringify(err),
    string: String(err),
    errors: JSON.stringify(err.errors),
    apiError: err.apiError ?? "",
    cause: JSON.stringify(err.cause ?? null),
    stack: err.stack ?? "",
  };
}

/**
 * How a secret can show in an error's text: as sent, inside a JSON string (the raw body quoted
 * back), and URL-encoded as a query string or a form. Written here rather than taken from the
 * client, so the test does not share the client's idea of what to look for.
 */
const shownAs = (secret: string): string[] => [
  secret,
  JSON.stringify(secret).slice(1, -1),
  encodeURIComponent(secret),
  new URLSearchParams({ v: secret }).toString().slice(2),
];

/** The surfaces of `err` that show any form of any of `secrets`. */
function leaks(err: ResellerApiError, secrets: readonly string[]): string[] {
  const forms = secrets.flatMap(shownAs);
  return Object.entries(surfaces(err))
    .filter(([, text]) => forms.some((f) => text.includes(f)))
    .map(([where]) => where);
}

describe("the secret fields of a request schema", () => {
  // No operation of the table nests a secret yet; a request that does is read the same way.
  const nested = z.strictObject({
    id: z.number(),
    users: z.array(z.strictObject({ name: z.string(), password: secret(z.string().min(1)).optional() })),
    vault: secret(z.strictObject({ token: z.string(), pins: z.array(z.number()) })).optional(),
    mode: z.union([z.strictObject({ key: secret(z.string()) }), z.literal("none")]),
  });

  it("are found inside lists, objects, optional wrappers and unions, each by its path", () => {
    expect(secretFieldPaths(nested).sort()).toEqual(["mode.key", "users[].password", "vault"]);
  });

  it("give every value they hold, however deep, and nothing from the other fields", () => {
    const values = secretValues(nested, {
      id: 4242,
      users: [{ name: "alice", password: "Alice-Pass-1" }, { name: "bob" }, { name: "carol", password: "Carol-Pass-2" }],
      vault: { token: "tok-98765", pins: [1234, 5678] },
      mode: { key: "Mode-Key-3" },
    });
    expect(values.sort()).toEqual(["1234", "5678", "Alice-Pass-1", "Carol-Pass-2", "Mode-Key-3", "tok-98765"]);
  });

  it("give what can be found in a value of another shape than the schema's, without failing", () => {
    expect(secretValues(nested, { users: "not a list", vault: "Loose-Vault-4", mode: "none" })).toEqual(["Loose-Vault-4"]);
    expect(secretValues(nested, null)).toEqual([]);
  });
});

describe("secrets a request carries", () => {
  let sim: Simulator;
  const clients = {} as Record<ApiVersion, ResellerClient>;
  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo" });
    for (const v of API_VERSIONS) clients[v] = createClient({ ...testClientOptions(sim, v), etag: false });
  });
  afterEach(() => sim.reset());
  afterAll(async () => {
    await Promise.all(Object.values(clients).map((c) => c.close()));
    await sim.close();
  });

  it("are found in the table for every kind the API takes: passwords, new passwords, private keys and EPP codes", () => {
    const fields = new Set(withSecrets.flatMap(({ e }) => secretFieldPaths(e.request)));
    expect([...fields].sort()).toEqual(["adminPassword", "epp_code", "newPassword", "password", "privateKey"]);
  });

  it.each(withSecrets)("$key: never appear in an error that echoes the whole request", async ({ e }) => {
    const { params, secrets } = paramsWithSecrets(sim, e);
    sim.faults.add({ operation: e.key, kind: "echo" });
    const err = await failure(clients[e.version].request(e.key, params));
    // The echo reached the client: the request was sent once and refused with the echo's status.
    expect(sim.requests.count(e.key)).toBe(1);
    expect(err.status).toBe(400);
    expect(err.message).toContain("[REDACTED]");
    expect(err.errors.length).toBeGreaterThan(0);
    expect(leaks(err, secrets)).toEqual([]);
  });

  it.each(withSecrets)("$key: never appear in the outcome-unknown error, nor in the failure it quotes as its cause", async ({ e }) => {
    const { params, secrets } = paramsWithSecrets(sim, e);
    // A gateway error to a call that must not be sent again leaves its outcome unknown, and the
    // wrapper quotes the failure's message in its own message and as `cause.message`.
    sim.faults.add({ operation: e.key, kind: "echo", status: 502 });
    const err = await failure(clients[e.version].request(e.key, params, { resend: false }));
    expect(err.code).toBe("outcome-unknown");
    expect(err.cause?.message).toContain("[REDACTED]");
    expect(err.message).toContain("[REDACTED]");
    expect(leaks(err, secrets)).toEqual([]);
  });

  it.each(withSecrets)("$key: never appear URL-encoded when the parameters travel in the query string", async ({ e }) => {
    const { params, secrets } = paramsWithSecrets(sim, e);
    sim.faults.add({ operation: e.key, kind: "echo" });
    const err = await failure(clients[e.version].request(e.key, params, { route: { params: "query" } }));
    expect(err.message).toMatch(/\(query .*\[REDACTED\]/);
    expect(leaks(err, secrets)).toEqual([]);
  });

  it("are hidden whole when one contains another, and a value of one or two characters is left as it is", async () => {
    const e = endpoints["v4.ftp.editAccount"];
    const sample = samples.get(e.key)!(sim.store);
    sim.faults.add({ operation: e.key, kind: "echo" });
    // The password extends the API key, also a secret: the longer one goes first, so no tail of it shows.
    const err = await failure(clients.v4.request(e.key, { ...sample, password: `${sim.apiKey}-tail!` }));
    expect(err.message).toContain("[REDACTED]");
    expect(err.message).not.toContain("-tail!");
    sim.faults.add({ operation: e.key, kind: "echo" });
    const short = await failure(clients.v4.request(e.key, { ...sample, password: "Zq" }));
    expect(short.message).toContain('"password":"Zq"');
  });
});

describe("a resource whose create is refused with an echo of the request", () => {
  const PASSWORD = "Echo-Pass-2026-q";
  const t = useProvider("FtpAccount", { version: "v4" });

  it("fails with a message that never shows the password", async () => {
    const inputs = await t.engine.check({
      hostingId: 101,
      domain: "agency-demo.com",
      user: "echo",
      path: "/public_html/echo",
      password: PASSWORD,
      createFolder: true,
    });
    t.sim.faults.add({ operation: "ftp.createAccount", kind: "echo" });
    const err = await t.engine.create(inputs).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    expect(t.sim.requests.count("ftp.createAccount")).toBe(1);
    expect(err!.message).toContain("[REDACTED]");
    const shown = [
      err!.message,
      String(err),
      err!.stack ?? "",
      JSON.stringify(err),
      JSON.stringify((err as { cause?: unknown }).cause ?? null),
    ].join("\n");
    expect(shown).not.toContain(PASSWORD);
    expect(t.sim.store.hostings["101"]!.ftpAccounts.some((a) => a.username === "echo@agency-demo.com")).toBe(false);
  });
});
