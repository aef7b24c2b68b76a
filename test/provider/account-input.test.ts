/**
 * Every resource class takes the `account` input, and every class's `get` takes the account to
 * read from: the base class adds both, so no class can lack them (docs/decisions/0017).
 */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { defineResource } from "../../src/provider/lifecycle/define";
import * as root from "../../src";
import { definitions } from "../../src/resources/registry";

interface Registered {
  name: string;
  inputs: Record<string, unknown>;
  id?: string;
}

type ResourceClass = {
  new (name: string, args: object, opts?: pulumi.CustomResourceOptions): pulumi.CustomResource;
  get(name: string, id: string, opts?: object): pulumi.CustomResource;
};

/** Registers what `declare` creates under the mock monitor, and returns what the engine got. */
async function registered(declare: () => pulumi.CustomResource[]): Promise<Registered[]> {
  const seen: Registered[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        seen.push({ name: args.name, inputs: args.inputs, id: args.id });
        return { id: args.id ?? `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
  const resources = declare();
  await Promise.all(resources.map((r) => new Promise<void>((done) => r.urn.apply(() => done()))));
  return seen;
}

describe("the account input of every resource class", () => {
  const classes = definitions.map((d) => ({ type: d.type, cls: (root as unknown as Record<string, ResourceClass>)[d.type]! }));

  it("registers the account given in the arguments, and none when none is given", async () => {
    const seen = await registered(() =>
      classes.flatMap(({ type, cls }) => [new cls(`${type}-b`, { account: "brand-b" }), new cls(`${type}-default`, {})]),
    );
    for (const { type } of classes) {
      expect(seen.find((s) => s.name === `${type}-b`)?.inputs.account, type).toBe("brand-b");
      expect(seen.find((s) => s.name === `${type}-default`)?.inputs, type).not.toHaveProperty("account");
    }
  });

  it("registers the account of a get as the only property of the read, beside the empty list of declared inputs", async () => {
    const seen = await registered(() =>
      classes.map(({ type, cls }) => cls.get(`${type}-read`, "some-id", { account: "brand-b", protect: false })),
    );
    for (const { type } of classes) {
      const read = seen.find((s) => s.name === `${type}-read`);
      expect(read?.id, type).toBe("some-id");
      const { __provider: provider, ...props } = read?.inputs ?? {};
      expect(provider, type).toEqual(expect.stringContaining('require("pulumi-hosting-reseller/runtime")'));
      // A read declares no input, so its refreshes hand back none (provider/lifecycle/declared.ts).
      expect(props, type).toEqual({ account: "brand-b", __declared: [] });
    }
  });

  it("refuses a definition that declares its own account input", () => {
    const def = { ...definitions.find((d) => d.type === "DnsRecordSet")!, type: "Shadow" };
    expect(() => defineResource({ ...def, inputs: { ...def.inputs, account: def.inputs.domain! } })).toThrow(
      /"account" is the input every resource takes/,
    );
  });
});
