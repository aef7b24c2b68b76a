/**
 * The twins stay honest: every operation of the endpoint table has a simulator handler and a
 * sample, every handler's success reply parses with the client's response schema (the client
 * parses it), and its error replies parse as the API's error object. The test enumerates the
 * table; it lists no key by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type ResellerClient } from "../../src/client/client";
import { API_VERSIONS, type ApiVersion, type EndpointDef } from "../../src/client/endpoint";
import { endpoints } from "../../src/client/endpoints";
import { apiErrorBody } from "../../src/client/schemas";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { areas } from "../../packages/simulator/src/handlers";
import { testClientOptions } from "../helpers/sim";

const table = Object.values(endpoints as Record<string, EndpointDef>);
const handlers = new Map(areas.flatMap((a) => Object.keys(a.handlers).map((id) => [id, a] as const)));
const samples = new Map(areas.flatMap((a) => Object.entries(a.samples)));

let sim: Simulator;
const clients = {} as Record<ApiVersion, ResellerClient>;

beforeAll(async () => {
  sim = await startSimulator({ seed: "demo", behaviour: { transferPendingReads: 0 } });
  for (const v of API_VERSIONS) clients[v] = createClient({ ...testClientOptions(sim, v), etag: false, retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await Promise.all(Object.values(clients).map((c) => c.close()));
  await sim.close();
});

describe("contract between the endpoint table and the simulator", () => {
  it("registers no handler or sample for an operation the table does not have", () => {
    const ids = new Set(table.map((e) => e.id));
    const keys = new Set(table.map((e) => e.key));
    expect([...handlers.keys()].filter((id) => !ids.has(id))).toEqual([]);
    expect([...samples.keys()].filter((k) => !keys.has(k))).toEqual([]);
  });

  it("registers each operation's handler in the area its id names, once", () => {
    const registered = areas.flatMap((a) => Object.keys(a.handlers).map((id) => ({ id, area: a.name })));
    expect(registered.filter((h) => !h.id.startsWith(`${h.area}.`))).toEqual([]);
    expect(registered.length).toBe(handlers.size);
  });

  it.each(table.map((e) => ({ key: e.key, e })))("$key has a handler and a sample whose reply parses", async ({ e }) => {
    expect(handlers.has(e.id), `no handler for ${e.id}`).toBe(true);
    const sample = samples.get(e.key);
    expect(sample, `no sample for ${e.key}`).toBeDefined();
    sim.reset();
    const params = sample!(sim.store);
    // The client validates the params, sends them, and parses the reply with the response schema:
    // any of the three failing rejects.
    await clients[e.version].request(e.key, params);
  });

  it.each(table.map((e) => ({ key: e.key, e })))("$key answers a wrong key with the API's error object", async ({ e }) => {
    const res = await fetch(`${sim.url}${e.path}`, {
      method: e.method === "GET" ? "GET" : "POST",
      headers: { "x-api-user": sim.apiUser, "x-api-key": "wrong", "x-http-method-override": e.method },
    });
    expect(res.status).toBe(403);
    const body = apiErrorBody.parse(await res.json());
    expect(body.error).toMatch(/credentials/i);
    if (e.envelope) expect(body.success).toBe(false);
  });

  it('answers an unknown route with 404 and a bare {"error":"Not Found"}, as a web framework does, naming neither method nor path', async () => {
    const res = await fetch(`${sim.url}/v4/no/such/thing`, { headers: { "x-api-user": sim.apiUser, "x-api-key": sim.apiKey } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    // It parses as the API's error object: the client must tell it from a missing object by the route, not the shape.
    expect(apiErrorBody.parse(await res.json())).toEqual({ error: "Not Found" });
  });
});
