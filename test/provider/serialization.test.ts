/**
 * The shell of every resource is serialized into each resource's state in plain text (peers
 * §4.3, pulumi#8265). It must stay small and must never carry a credential, whatever the runtime
 * holds at the time (style rule R6).
 */
import * as pulumi from "@pulumi/pulumi";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compiledShell } from "../helpers/compiled-shell";
import { shell } from "../../src/provider/program/shell";
import { configure, reset } from "../../src/runtime";
import { DnsRecordSet, DomainRegistration } from "../../src/resources";
import { definitions } from "../../src/resources/registry";
import { configFor } from "../helpers/lifecycle";
import { useSimulator } from "../helpers/sim";
import * as runtime from "../../src/runtime";
import previousRelease from "./fixtures/serialized-shells-0.1.0.json";

const CANARY_USER = "canary-user-7f3a9c2e";
const CANARY_KEY = "canary-key-5e1d0b44-must-not-leak";
const CANARY_ENV_KEY = "canary-env-key-91c3aa07";

/**
 * The most a shell's text may weigh with the package installed in the program's `node_modules`:
 * one `require` of the type's module (docs/decisions/0043). Release 0.1.0's were 1,850 bytes.
 */
const SHELL_MAX_BYTES = 500;

/**
 * The most it may weigh serialized by value, when the package is not under `node_modules` (a
 * linked checkout, pnpm's store): seven functions of about 180 bytes each.
 */
const BY_VALUE_MAX_BYTES = 2100;

/** The type's shell serialized as in a program whose `node_modules` holds the package. */
async function serialized(type: string): Promise<string> {
  // Named like the variable `dynamic.Resource` serializes, and compiled as `npm run build`
  // compiles it, so sizes match the real text. The serializer and the shell both name modules
  // relative to the working directory: the program's.
  const { shell, dir } = compiledShell();
  const cwd = vi.spyOn(process, "cwd").mockReturnValue(dir);
  try {
    const provider = shell(type);
    const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
    return text;
  } finally {
    cwd.mockRestore();
  }
}

/** The type's shell serialized by value: the package is not under the working directory's `node_modules`. */
async function serializedByValue(type: string): Promise<string> {
  const provider = compiledShell().shell(type);
  const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return text;
}

describe("serialized shells", () => {
  beforeAll(async () => {
    vi.stubEnv("RESELLER_API_KEY", CANARY_ENV_KEY);
    await configure({
      config: {
        get: (k: string) =>
          ({ "reseller:apiUser": CANARY_USER, "reseller:apiKey": CANARY_KEY, "reseller:apiUrl": "https://api.example.test" })[k],
      },
    });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await reset();
  });

  it.each(definitions.map((d) => ({ type: d.type })))("the $type shell is small and holds no credential", async ({ type }) => {
    const text = await serialized(type);
    expect(text.length).toBeLessThanOrEqual(SHELL_MAX_BYTES);
    for (const secret of [CANARY_USER, CANARY_KEY, CANARY_ENV_KEY]) expect(text).not.toContain(secret);
    // It loads the type's module by package name and nothing else: no client, pool or config captured.
    expect(text.match(/require\(/g)).toHaveLength(1);
    expect(text).toContain(`require("pulumi-hosting-reseller/dist/shells/${type}.js")`);
  });

  it.each(definitions.map((d) => ({ type: d.type })))("the $type shell serialized by value holds no credential", async ({ type }) => {
    const text = await serializedByValue(type);
    expect(text.length).toBeLessThanOrEqual(BY_VALUE_MAX_BYTES);
    for (const secret of [CANARY_USER, CANARY_KEY, CANARY_ENV_KEY]) expect(text).not.toContain(secret);
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

    expect(seen.map((s) => s.type).sort()).toEqual([
      "pulumi-nodejs:dynamic/reseller:DnsRecordSet",
      "pulumi-nodejs:dynamic/reseller:DomainRegistration",
    ]);
    for (const s of seen) {
      // The package is this checkout, not installed: the shell is serialized by value.
      expect(s.provider.length).toBeLessThanOrEqual(BY_VALUE_MAX_BYTES + 100);
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

  it("serializes by value to the text of the compiled shell, one function per method", async () => {
    for (const { type } of definitions) {
      const text = await serializedByValue(type);
      expect(text).toContain("r().create(");
      expect(text).toContain("r().update(");
      expect(text).not.toContain("r().write(");
    }
  });

  it("writes, installed, a text that loads the type's module from the program's node_modules", async () => {
    const { shell, dir } = compiledShell();
    const cwd = vi.spyOn(process, "cwd").mockReturnValue(dir);
    const provider = shell("DnsRecordSet");
    const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true }).finally(() => cwd.mockRestore());
    // As the dynamic-provider host loads it: a module whose `require` resolves from the program.
    const module = { exports: {} as { handler: () => pulumi.dynamic.ResourceProvider } };
    const programRequire = createRequire(join(dir, "index.js"));
    new Function("exports", "require", "module", text)(module.exports, programRequire, module);
    const loaded = module.exports.handler();
    expect(loaded).toBe(provider);
    expect(Object.keys(loaded).sort()).toEqual(["check", "configure", "create", "delete", "diff", "read", "update"]);
  });

  it("serializes each type once however many resources a program declares", async () => {
    // `@pulumi/pulumi` keeps the serialized text per provider object; count how often it has to
    // serialize one (the SDK's own module, as `dynamic/index.js` calls it).
    const closures = createRequire(require.resolve("@pulumi/pulumi"))("./runtime/closure/serializeClosure") as {
      serializeFunction: typeof pulumi.runtime.serializeFunction;
    };
    const spy = vi.spyOn(closures, "serializeFunction");
    await pulumi.runtime.setMocks(
      { newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: () => ({}) },
      "project",
      "stack",
      false,
    );
    const records = Array.from(
      { length: 50 },
      (_, i) => new DnsRecordSet(`r${i}`, { domain: "example.com", name: `host${i}`, type: "A", records: ["198.51.100.7"] }),
    );
    await Promise.all(records.map((r) => new Promise<void>((done) => r.urn.apply(() => done()))));
    // At most once: an earlier test in this file may already have serialized this type's shell.
    expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    spy.mockRestore();
  });
});

/**
 * The shell text as the dynamic-provider host loads it from state: evaluated as a module whose
 * `handler` gives the provider, with the runtime package resolved to this checkout's runtime.
 */
function loadShell(text: string): pulumi.dynamic.ResourceProvider {
  const module = { exports: {} as { handler: () => pulumi.dynamic.ResourceProvider } };
  const load = (id: string): unknown => (id === "pulumi-hosting-reseller/runtime" ? runtime : require(id));
  new Function("exports", "require", "module", text)(module.exports, load, module);
  return module.exports.handler();
}

describe("state written by the previous release", () => {
  const t = useSimulator();
  afterAll(() => reset());

  it.each([
    {
      release: "0.1.0 (create and update share one function)",
      text: async () => (previousRelease as Record<string, string>).DnsRecordSet!,
    },
    {
      release: "this one, serialized by value",
      text: () => serializedByValue("DnsRecordSet"),
    },
  ])("runs through the shell of release $release", async ({ text }) => {
    const shellText = await text();
    const p = loadShell(shellText);
    await p.configure!({ config: configFor(t.sim, "v4") } as never);
    const args = { domain: "agency-demo.com", name: "shell-compat", type: "A", records: ["198.51.100.71"], __provider: shellText };
    const checked = await p.check!({}, args);
    expect(checked.failures ?? []).toEqual([]);
    const inputs = { ...checked.inputs, __provider: shellText };
    const created = await p.create(inputs);
    expect(created.id).toBe("agency-demo.com/shell-compat/A");
    const next = await p.check!(inputs, { ...args, records: ["198.51.100.72"] });
    const updated = await p.update!(created.id, { ...created.outs, __provider: shellText }, { ...next.inputs, __provider: shellText });
    expect(updated.outs?.records).toEqual([{ value: "198.51.100.72" }]);
    const read = await p.read!(created.id, { ...updated.outs, __provider: shellText });
    expect(read.props).toMatchObject({ records: [{ value: "198.51.100.72" }] });
    await p.delete!(created.id, { ...updated.outs, __provider: shellText });
    expect(t.sim.store.zones["agency-demo.com"]?.some((r) => r.name.startsWith("shell-compat"))).toBe(false);
  });
});
