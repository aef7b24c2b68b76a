import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UNKNOWN, checkInputs, containsUnknown, formatPath, isUnknown } from "../../src/provider/lifecycle/check";
import { defineResource } from "../../src/provider/lifecycle/define";
import { definitionOf } from "../../src/runtime";

const dns = definitionOf("DnsRecordSet");
const domain = definitionOf("DomainRegistration");

/** A minimal definition that needs an operation only some versions have (`domains.list`: v4 and v3). */
const listing = defineResource({
  type: "ListingProbe",
  inputs: { label: z.string().min(1), count: z.number().int().default(3) },
  identity: ["label"],
  deleteBeforeReplace: false,
  secretOutputs: [],
  id: { format: "<label>", build: (v: { label: string }) => v.label, parse: (id) => ({ label: id }) },
  onMissing: "remove",
  requires: () => [{ property: "label", operations: ["domains.list"] }],
  create: async () => ({ id: "", outs: {} }),
  read: async () => undefined,
  update: async () => ({}),
  delete: async () => undefined,
});

describe("shared check", () => {
  it("uses the same unknown sentinel as @pulumi/pulumi", () => {
    expect(UNKNOWN).toBe(pulumi.runtime.unknownValue);
    expect(isUnknown(pulumi.runtime.unknownValue)).toBe(true);
    expect(containsUnknown({ a: [1, { b: UNKNOWN }] })).toBe(true);
    expect(containsUnknown({ a: [1, { b: "x" }] })).toBe(false);
  });

  it("formats property paths the way Pulumi prints them", () => {
    expect(formatPath(["records", 0, "value"])).toBe("records[0].value");
    expect(formatPath(["registrant", "email"])).toBe("registrant.email");
    expect(formatPath([])).toBe("");
  });

  it("fills defaults and treats null properties as not set", () => {
    const { inputs, failures } = checkInputs(
      dns,
      { domain: "example.com", name: "www", type: "a", ttl: null, records: ["198.51.100.7"], hostingId: null },
      "v4",
    );
    expect(failures).toBeUndefined();
    expect(inputs).toEqual({ domain: "example.com", name: "www", type: "A", ttl: 14400, records: [{ value: "198.51.100.7" }] });
  });

  it("ignores the __provider property the host adds", () => {
    const { inputs, failures } = checkInputs(
      dns,
      { __provider: "exports.handler = ...", domain: "example.com", name: "@", type: "A", records: ["198.51.100.7"] },
      "v4",
    );
    expect(failures).toBeUndefined();
    expect(inputs).not.toHaveProperty("__provider");
  });

  it("reports a property the resource does not have, by its name", () => {
    const { failures } = checkInputs(dns, { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"], recrods: [] }, "v4");
    expect(failures).toEqual([expect.objectContaining({ property: "recrods" })]);
    expect(failures![0]!.reason).toMatch(/no property "recrods"/);
  });

  it("names the nested property of a failure", () => {
    const { failures } = checkInputs(
      dns,
      {
        domain: "example.com",
        name: "@",
        type: "MX",
        records: [
          { value: "mx1.example.net", priority: 10 },
          { value: "", priority: 20 },
        ],
      },
      "v4",
    );
    expect(failures?.map((f) => f.property)).toEqual(["records[1]"]);
  });

  it("skips the validation of a value unknown during preview and passes the sentinel through", () => {
    const { inputs, failures } = checkInputs(
      dns,
      { domain: "example.com", name: "www", type: "A", ttl: UNKNOWN, records: [UNKNOWN] },
      "v4",
    );
    expect(failures).toBeUndefined();
    expect(inputs).toEqual({ domain: "example.com", name: "www", type: "A", ttl: UNKNOWN, records: [UNKNOWN] });
  });

  it("still validates the known properties beside an unknown one", () => {
    const { failures } = checkInputs(dns, { domain: UNKNOWN, name: "www", type: "A", ttl: -5, records: ["198.51.100.7"] }, "v4");
    expect(failures?.map((f) => f.property)).toEqual(["ttl"]);
  });

  it("leaves names and records as given when the zone is unknown", () => {
    const { inputs, failures } = checkInputs(dns, { domain: UNKNOWN, name: "WWW", type: "A", records: ["198.51.100.7"] }, "v4");
    expect(failures).toBeUndefined();
    expect(inputs).toMatchObject({ domain: UNKNOWN, name: "WWW", type: "A" });
  });

  it("refuses in check an operation the configured API version lacks, naming the version and the operation", () => {
    expect(checkInputs(listing, { label: "x" }, "v4").failures).toBeUndefined();
    const { failures } = checkInputs(listing, { label: "x" }, "v2");
    expect(failures).toHaveLength(1);
    expect(failures![0]!.property).toBe("label");
    expect(failures![0]!.reason).toContain("API v2");
    expect(failures![0]!.reason).toContain('"domains.list"');
  });

  it("ends the failure with the requirement's own reason where leaving the property unset makes no sense", () => {
    const whole = defineResource({
      ...listing,
      type: "WholeProbe",
      requires: () => [{ property: "label", operations: ["domains.list"], reason: "WholeProbe works with apiVersion v4 or v3 only" }],
    });
    const [failure] = checkInputs(whole, { label: "x" }, "v2").failures!;
    expect(failure!.reason).toBe(
      'API v2 has no operation "domains.list", which label needs; WholeProbe works with apiVersion v4 or v3 only',
    );
    expect(checkInputs(listing, { label: "x" }, "v2").failures![0]!.reason).toMatch(/; use another apiVersion or leave label unset$/);
  });

  it("gives normalize the API version check runs for", () => {
    const seen: string[] = [];
    const probe = defineResource({
      ...listing,
      type: "VersionProbe",
      normalize: (v: { label: string; count: number }, _issue, version) => {
        seen.push(version);
        return v;
      },
    });
    for (const version of ["v4", "v3", "v2"] as const) checkInputs(probe, { label: "x" }, version);
    expect(seen).toEqual(["v4", "v3", "v2"]);
  });

  it("accepts a requirement met by one of several operations (the v2 registrar lock is a save)", () => {
    const registrant = {
      firstName: "Alex",
      lastName: "Martin",
      email: "alex@example.org",
      address1: "1 Example Street",
      city: "Montreal",
      postalCode: "H2X 1Y4",
      state: "QC",
      countryCode: "CA",
      phone: "+1.5145550100",
    };
    for (const version of ["v4", "v3", "v2"] as const) {
      expect(checkInputs(domain, { domain: "example.com", registrant, registrarLock: true }, version).failures).toBeUndefined();
    }
  });

  it("rejects a declaration whose identity is not an input", () => {
    expect(() => defineResource({ ...listing, type: "BrokenProbe", identity: ["nope" as "label"] })).toThrow(
      /"nope" is declared in the lifecycle rules but is not an input/,
    );
  });
});
