/**
 * The endpoint table itself: complete, consistent, and well-formed.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_VERSIONS, route, type EndpointDef, type RouteLine } from "../../src/client/endpoint";
import { endpoints } from "../../src/client/endpoints";

const all = Object.values(endpoints as Record<string, EndpointDef>);
const PREFIX = { v4: /^\/v4\//, v3: /^\/v3\//, v2: /^\/(reseller-api|n0c-api|world-api)\// };

describe("the endpoint table", () => {
  it("holds every operation of both API documents: at least 75 v4, 44 v3 and 46 v2", () => {
    const count = (v: string) => all.filter((e) => e.version === v).length;
    expect(count("v4")).toBeGreaterThanOrEqual(75);
    expect(count("v3")).toBeGreaterThanOrEqual(44);
    expect(count("v2")).toBeGreaterThanOrEqual(46);
  });

  it("derives key, id and version consistently", () => {
    for (const [key, e] of Object.entries(endpoints as Record<string, EndpointDef>)) {
      expect(e.key).toBe(key);
      expect(key).toBe(`${e.version}.${e.id}`);
      expect(API_VERSIONS).toContain(e.version);
      expect(e.id).toMatch(/^[a-z]+\.[a-z][A-Za-z]+$/);
    }
  });

  it("gives every operation a unique route", () => {
    const routes = all.map((e) => `${e.method} ${e.path}`);
    const dupes = routes.filter((r, i) => routes.indexOf(r) !== i);
    expect(dupes).toEqual([]);
  });

  it.each(API_VERSIONS)("starts every %s path with its version's prefix", (v) => {
    for (const e of all.filter((x) => x.version === v)) expect(e.path, e.key).toMatch(PREFIX[v]);
  });

  it("gives every entry both schemas, an evidence label, a safety class and a summary", () => {
    for (const e of all) {
      expect(e.request, e.key).toBeInstanceOf(z.ZodType);
      expect(e.response, e.key).toBeInstanceOf(z.ZodType);
      // `observed` only where a recorded live reply says so (src/client/observed.ts), with its date.
      if (e.evidence === "observed") expect(e.observedOn, e.key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      else expect(["seed", "confirmed", "inferred"], e.key).toContain(e.evidence);
      expect(["read", "idempotent", "unsafe"], e.key).toContain(e.safety);
      expect(["GET", "POST", "PUT", "PATCH", "DELETE"], e.key).toContain(e.method);
      expect(["body", "query"], e.key).toContain(e.params);
      expect(e.summary.length, e.key).toBeGreaterThan(5);
      expect(e.source.length, e.key).toBeGreaterThan(2);
    }
  });

  it("labels the printed v4 operations as seed and no other v4 operation as confirmed", () => {
    // By the catalog label that opens `source`, which a recorded live reply (`observed`) keeps.
    const seeds = all
      .filter((e) => e.version === "v4" && e.source.startsWith("SEED"))
      .map((e) => e.path)
      .sort();
    expect(seeds).toEqual(["/v4/account/info", "/v4/domains", "/v4/hello"]);
    expect(all.filter((e) => e.version === "v4" && e.evidence === "seed").every((e) => e.source.startsWith("SEED"))).toBe(true);
    // No public code calls /v4 (catalog, "the most important caveat").
    expect(all.filter((e) => e.version === "v4" && (e.evidence === "confirmed" || /^CONFIRMED/.test(e.source)))).toEqual([]);
  });

  it("never marks a registration, renewal or transfer as safe to repeat", () => {
    for (const id of ["domains.register", "domains.renew", "domains.transfer"]) {
      for (const v of API_VERSIONS) {
        const e = (endpoints as Record<string, EndpointDef>)[`${v}.${id}`];
        if (e) expect(e.safety, e.key).toBe("unsafe");
      }
    }
  });
});

describe("a route", () => {
  it.each([
    ["SEED, catalog §1 #1", "seed"],
    ["CONFIRMED, catalog §2 #1", "confirmed"],
    ["CONFIRMED-3P, catalog §2 #31", "confirmed"],
    ["INFERRED-M: v3 path pattern (catalog §2 #27)", "inferred"],
    ["INFERRED-L, catalog §1 #60", "inferred"],
    ["UNKNOWN, catalog §1 #5", "inferred"],
  ])("reads its evidence from the opening label of %s", (source, evidence) => {
    expect(route("PATCH /v4/hosting/ssh-key", source)).toEqual({ method: "PATCH", path: "/v4/hosting/ssh-key", evidence, source });
  });

  it("keeps what it says beyond the route, and lets none of it replace the method, path or evidence", () => {
    const options = { params: "query", unwrap: "keys", method: "DELETE", evidence: "seed" } as const;
    expect(route("GET /n0c-api/user/ssh-keys", "CONFIRMED, catalog §4.2", options)).toEqual({
      method: "GET",
      path: "/n0c-api/user/ssh-keys",
      evidence: "confirmed",
      source: "CONFIRMED, catalog §4.2",
      params: "query",
      unwrap: "keys",
    });
  });

  it.each(["FETCH /v4/hello", "GET v4/hello", "GET /v4/hello extra", "GET"])("fails at load on the route %j", (line) => {
    expect(() => route(line as RouteLine, "SEED, catalog §1 #1")).toThrow(`Not a route: "${line}"`);
  });

  it("fails at load on a source that does not open with a catalog label", () => {
    expect(() => route("GET /v4/hello", "catalog §1 #1 (seed)")).toThrow(/does not open with a catalog label/);
    expect(() => route("GET /v4/hello", "INFERRED, catalog §1 #1")).toThrow(/does not open with a catalog label/);
  });
});
