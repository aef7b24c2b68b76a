/**
 * The shell of every resource is serialized into each resource's state in plain text (peers
 * §4.3, pulumi#8265). It must stay small and must never carry a credential, whatever the runtime
 * holds at the time (style rule R6).
 */
import * as pulumi from "@pulumi/pulumi";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compiledShell } from "../helpers/compiled-shell";
import { shell } from "../../src/provider/shell";
import { configure, reset } from "../../src/provider/runtime";
import { DnsRecordSet, DomainRegistration, definitions } from "../../src/resources";
import committedShells from "./fixtures/serialized-shells.json";

const CANARY_USER = "canary-user-7f3a9c2e";
const CANARY_KEY = "canary-key-5e1d0b44-must-not-leak";
const CANARY_ENV_KEY = "canary-env-key-91c3aa07";

async function serialized(type: string): Promise<string> {
  // Named like the variable `dynamic.Resource` serializes, so sizes match the real text.
  const provider = shell(type);
  const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return text;
}

describe("serialized shells", () => {
  beforeAll(async () => {
    vi.stubEnv("RESELLER_API_KEY", CANARY_ENV_KEY);
    await configure({
      config: { get: (k: string) => ({ "reseller:apiUser": CANARY_USER, "reseller:apiKey": CANARY_KEY, "reseller:apiUrl": "https://api.example.test" })[k] },
    });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await reset();
  });

  it.each(definitions.map((d) => ({ type: d.type })))("the $type shell is under 2 KB and holds no credential", async ({ type }) => {
    const text = await serialized(type);
    expect(text.length).toBeLessThan(2048);
    for (const secret of [CANARY_USER, CANARY_KEY, CANARY_ENV_KEY]) expect(text).not.toContain(secret);
    // It loads the runtime by package name and nothing else: no client, pool or config captured.
    expect(text.match(/require\(/g)).toHaveLength(1);
    expect(text).toContain('require("pulumi-hosting-reseller/runtime")');
    expect(text).toContain(`"${type}"`);
  });

  it("gives every resource class the shell of its type under the frozen type token", async () => {
    const seen: { type: string; provider: string; additionalSecretOutputs?: string[] }[] = [];
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          seen.push({ type: args.type, provider: String(args.inputs.__provider) });
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    const domain = new DomainRegistration("site", { domain: "example.com", adopt: true });
    const records = new DnsRecordSet("www", { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] });
    await Promise.all([domain, records].map((r) => new Promise<void>((done) => r.urn.apply(() => done()))));

    expect(seen.map((s) => s.type).sort()).toEqual(["pulumi-nodejs:dynamic/reseller:DnsRecordSet", "pulumi-nodejs:dynamic/reseller:DomainRegistration"]);
    for (const s of seen) {
      expect(s.provider.length).toBeLessThan(2048);
      expect(s.provider).toContain('require("pulumi-hosting-reseller/runtime")');
      for (const secret of [CANARY_USER, CANARY_KEY, CANARY_ENV_KEY]) expect(s.provider).not.toContain(secret);
    }
  });
});

describe("one shell per type", () => {
  it("hands every resource of a type the same shell object", () => {
    for (const { type } of definitions) expect(shell(type)).toBe(shell(type));
    expect(shell("DnsRecordSet")).not.toBe(shell("DomainRegistration"));
  });

  it("serializes to the same text as the shells already in users' state", async () => {
    // The fixture holds the text the package wrote before shells were shared; state written
    // then is loaded by this runtime, and state written now must read the same way.
    const compiled = compiledShell();
    const texts: Record<string, string> = {};
    for (const { type } of definitions) {
      const provider = compiled.shell(type);
      texts[type] = (await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true })).text;
    }
    expect(texts).toEqual(committedShells);
  });

  it("serializes each type once however many resources a program declares", async () => {
    // `@pulumi/pulumi` keeps the serialized text per provider object; count how often it has to
    // serialize one (the SDK's own module, as `dynamic/index.js` calls it).
    const closures = createRequire(require.resolve("@pulumi/pulumi"))("./runtime/closure/serializeClosure") as {
      serializeFunction: typeof pulumi.runtime.serializeFunction;
    };
    const spy = vi.spyOn(closures, "serializeFunction");
    await pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: () => ({}) }, "project", "stack", false);
    const records = Array.from({ length: 50 }, (_, i) =>
      new DnsRecordSet(`r${i}`, { domain: "example.com", name: `host${i}`, type: "A", records: ["198.51.100.7"] }));
    await Promise.all(records.map((r) => new Promise<void>((done) => r.urn.apply(() => done()))));
    // At most once: an earlier test in this file may already have serialized this type's shell.
    expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    spy.mockRestore();
  });
});
