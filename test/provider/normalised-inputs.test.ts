/**
 * Input that normalises into something else is refused (issue on reliability, "inputs that
 * normalise into something else are accepted"): dot segments and code points NFKC changes in
 * paths and user names, and country codes ISO 3166-1 does not assign.
 */
import { describe, expect, it } from "vitest";
import {
  countryCodeInput,
  dotSegment,
  isIsoCountryCode,
  nfkcChange,
  normalisedNameProblem,
  normalisedPathProblem,
} from "../../src/provider/rules/validators";

describe("paths after normalisation", () => {
  it.each([
    { name: "full-width full stops", path: "/public_html/\uff0e\uff0e/\uff0e\uff0e/etc", segment: "\uff0e\uff0e", becomes: ".." },
    { name: "a two-dot leader", path: "/public_html/\u2025/etc", segment: "\u2025", becomes: ".." },
    { name: "a one-dot leader", path: "/a/\u2024/b", segment: "\u2024", becomes: "." },
    { name: "percent-escaped dots", path: "/a/%2e%2e/b", segment: "%2e%2e", becomes: ".." },
    { name: "upper-case escapes", path: "/a/%2E%2E", segment: "%2E%2E", becomes: ".." },
    { name: "one dot escaped", path: "/a/%2E./b", segment: "%2E.", becomes: ".." },
    { name: "a doubly escaped dot", path: "/a/%252e", segment: "%252e", becomes: "." },
    { name: "an escaped full-width full stop", path: "/a/%EF%BC%8E%EF%BC%8E", segment: "%EF%BC%8E%EF%BC%8E", becomes: ".." },
    { name: "a full-width solidus hiding a segment", path: "/a/x\uff0f..", segment: "x\uff0f..", becomes: ".." },
    { name: "an escaped slash hiding a segment", path: "/a/x%2f..", segment: "x%2f..", becomes: ".." },
    { name: "a plain dot segment", path: "/a/./b", segment: ".", becomes: "." },
  ])("finds the dot segment of $name", ({ path, segment, becomes }) => {
    expect(dotSegment(path)).toEqual({ segment, becomes });
    expect(normalisedPathProblem(path)).toMatch(/segment/);
  });

  it.each([
    "/public_html/caf\u00e9",
    "/public_html/ci",
    "/",
    "/a/v1.2..3/.well-known",
    "/a/100%",
    "/a/%zz",
    "/a/%C3%A9t%C3%A9",
    "/a/...",
    "/\u65e5\u672c",
  ])("takes %s", (path) => {
    expect(dotSegment(path)).toBeUndefined();
    expect(normalisedPathProblem(path)).toBeUndefined();
  });

  it("names the first code point NFKC changes, where it is and what it becomes", () => {
    expect(normalisedPathProblem("/public_html/\uff43i")).toBe(
      '"/public_html/ｃi" holds U+FF43 at character 14, which NFKC normalisation turns into "c"; write the path as it is stored',
    );
    expect(normalisedPathProblem("/a/\ufb01le")).toMatch(/U\+FB01 at character 4, which NFKC normalisation turns into "fi"/);
    expect(normalisedPathProblem("/a/%EF%BD%86")).toMatch(/once percent-decoded, holds U\+FF46/);
  });

  it("refuses text in NFD form, which no single code point gives away", () => {
    expect(nfkcChange("cafe\u0301")).toMatch(/decomposed sequence/);
    expect(nfkcChange("caf\u00e9")).toBeUndefined();
  });
});

describe("user names after normalisation", () => {
  it.each([
    {
      name: "the Kelvin sign, which lower-cases to an ASCII k",
      user: "\u212Aci",
      reason: /U\+212A at character 1, which NFKC normalisation turns into "K"/,
    },
    { name: "full-width letters", user: "\uff43\uff49", reason: /U\+FF43/ },
    { name: "a superscript digit", user: "ci\u00b2", reason: /U\+00B2 at character 3, which NFKC normalisation turns into "2"/ },
    { name: "a ligature", user: "\ufb01le", reason: /U\+FB01/ },
  ])("refuses $name", ({ user, reason }) => {
    expect(normalisedNameProblem(user)).toMatch(reason);
  });

  it("takes a name NFKC leaves alone", () => {
    expect(normalisedNameProblem("ci-deploy_2")).toBeUndefined();
    expect(normalisedNameProblem("jos\u00e9")).toBeUndefined();
  });
});

describe("ISO 3166-1 country codes", () => {
  it("knows the 249 officially assigned codes", () => {
    const all = Array.from({ length: 26 * 26 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
    expect(all.filter(isIsoCountryCode)).toHaveLength(249);
  });

  it.each(["FR", "CA", "GB", "US", "DE", "JP", "AQ", "BV", "HM", "UM", "SS", "SX", "BQ", "AX"])("takes %s", (code) => {
    expect(isIsoCountryCode(code)).toBe(true);
  });

  it.each([
    { code: "XX", why: "user-assigned, unnamed" },
    { code: "ZZ", why: "CLDR's unknown region" },
    { code: "XK", why: "user-assigned (Kosovo)" },
    { code: "QO", why: "user-assigned (CLDR's outlying Oceania)" },
    { code: "XA", why: "CLDR's pseudo-locale region" },
    { code: "AA", why: "user-assigned" },
    { code: "EU", why: "exceptionally reserved" },
    { code: "UN", why: "exceptionally reserved" },
    { code: "EZ", why: "CLDR's Eurozone" },
    { code: "AC", why: "exceptionally reserved (Ascension)" },
    { code: "IC", why: "exceptionally reserved (Canary Islands)" },
    { code: "CQ", why: "CLDR's Sark" },
    { code: "UK", why: "exceptionally reserved, GB is the code" },
    { code: "SU", why: "withdrawn" },
    { code: "YU", why: "withdrawn" },
    { code: "ca", why: "lower case (the input schema upper-cases first)" },
  ])("refuses $code: $why", ({ code }) => {
    expect(isIsoCountryCode(code)).toBe(false);
  });

  it("refuses in the input schema with one message naming the code, and upper-cases a valid one", () => {
    const schema = countryCodeInput("test");
    expect(schema.safeParse("fr")).toEqual({ success: true, data: "FR" });
    const refused = schema.safeParse("xx");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      '"XX" is not an ISO 3166-1 country code (officially assigned codes only: FR, CA, GB, not XX, EU, UK or XK)',
    ]);
    expect(schema.safeParse("CAN").error?.issues.map((i) => i.message)).toEqual(["must be a two-letter ISO 3166-1 country code, e.g. CA"]);
  });
});
