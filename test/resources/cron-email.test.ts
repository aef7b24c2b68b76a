import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { UNKNOWN } from "../../src/provider/lifecycle/check";
import { clearCache } from "../../src/runtime";
import { cronEmailDefinition } from "../../src/resources/cron-email/provider";
import { runLifecycle, useProvider } from "../helpers/lifecycle";

describe.each<ApiVersion>(["v4", "v3", "v2"])("CronEmail on %s", (version) => {
  const t = useProvider("CronEmail", { version });
  const hosting = (id = 101) => t.sim.store.hostings[String(id)]!;

  it("walks the lifecycle: set, change in place, import, replace on another account, remove", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: { hostingId: 101, email: " Ops@Agency-Demo.COM " },
      update: { hostingId: 101, email: "cron@café.com" },
      replace: { hostingId: 102, email: "cron@café.com" },
      replaces: ["hostingId"],
    });
    expect(run.id).toBe("101");
    // The domain is kept in ASCII lower case; the local part keeps its case.
    expect(run.created).toEqual({ hostingId: 101, email: "Ops@agency-demo.com" });
    expect(run.updated).toEqual({ hostingId: 101, email: "cron@xn--caf-dma.com" });
    expect(run.imported.props).toEqual(run.updated);
    expect(run.replaceDiff.deleteBeforeReplace).toBe(false);
    expect(hosting().cronEmail).toBeNull();
    expect(t.sim.requests.count("cron.setEmail")).toBe(2);
    expect(t.sim.requests.count("cron.removeEmail")).toBe(1);
  });

  it("takes over an address set elsewhere, and destroy leaves no address", async () => {
    hosting().cronEmail = "old@agency-demo.com";
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, email: "ops@agency-demo.com" }));
    expect(hosting().cronEmail).toBe("ops@agency-demo.com");
    await t.engine.delete(id, outs);
    expect(hosting().cronEmail).toBeNull();
  });

  it("sees the address changed outside Pulumi as drift, and removed as gone", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 101, email: "ops@agency-demo.com" }));
    hosting().cronEmail = "intruder@agency-demo.com";
    clearCache();
    const drifted = await t.engine.read(id, outs);
    expect(drifted.props.email).toBe("intruder@agency-demo.com");
    const diff = await t.engine.diff(
      id,
      drifted.props,
      await t.engine.check({ hostingId: 101, email: "ops@agency-demo.com" }, drifted.inputs),
    );
    expect(diff).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });

    hosting().cronEmail = null;
    clearCache();
    expect((await t.engine.read(id, outs)).id).toBe("");
  });

  it("treats an address already removed as deleted", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ hostingId: 102, email: "ops@staging-agency.com" }));
    hosting(102).cronEmail = null;
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
    expect(hosting(102).cronEmail).toBeNull();
  });
});

describe("CronEmail inputs", () => {
  const t = useProvider("CronEmail", { version: "v4" });

  it.each([
    { name: "an address without a domain", inputs: { email: "ops" }, property: "email", reason: /not an e-mail address/ },
    { name: "an address with a malformed domain", inputs: { email: "ops@no_underscore.com" }, property: "email", reason: /label/ },
    { name: "an address with a space", inputs: { email: "o ps@agency-demo.com" }, property: "email", reason: /not an e-mail address/ },
    { name: "a hosting id that is not a number", inputs: { hostingId: "101" }, property: "hostingId", reason: /number/ },
    {
      name: "a property the resource does not have",
      inputs: { address: "ops@agency-demo.com" },
      property: "address",
      reason: /no property/,
    },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ hostingId: 101, email: "ops@agency-demo.com", ...inputs });
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });

  it("passes an address unknown during preview through check, and diff then plans an update", async () => {
    const news = await t.engine.check({ hostingId: 101, email: UNKNOWN });
    expect(await t.engine.diff("101", { hostingId: 101, email: "ops@agency-demo.com" }, news)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(t.sim.requests.count()).toBe(0);
  });

  it("declares no secret outputs: an address is not a secret", () => {
    expect(cronEmailDefinition.secretOutputs).toEqual([]);
  });
});
