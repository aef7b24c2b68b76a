/**
 * What every data source shares: the `...Output` variants under `pulumi.runtime.setMocks`
 * (secret results, `dependsOn`), configuration from `reseller:*` stack config over the
 * environment, missing credentials, and the per-program client closed when the program ends.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  getAccessLogsOutput,
  getAccountInfo,
  getAccountInfoOutput,
  getDnsZoneOutput,
  getObjectStorageOutput,
  getResourceUsageOutput,
  getSshKeysOutput,
  resetDataSources,
} from "../../src/data-sources";
import { createClient } from "../../src/client/client";
import { testClientOptions } from "../helpers/sim";
import { useDataSourceSimulator } from "./harness";

const t = useDataSourceSimulator();

/**
 * The value of an Output. `promise()` is what `apply` itself waits on. A failed data source
 * rejects the Output's value and also its `isKnown` and `isSecret` promises; in a program the
 * Pulumi runtime reports those, here they are observed so only the value's rejection counts.
 */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  const o = output as unknown as { promise(): Promise<T>; isKnown: Promise<boolean>; isSecret: Promise<boolean> };
  o.isKnown.catch(() => undefined);
  o.isSecret.catch(() => undefined);
  return o.promise();
}

/** A resource for `dependsOn`: the mocks create it when the test opens the gate. */
class TestRecord extends pulumi.CustomResource {
  constructor(name: string) {
    super("reseller:test:Record", name, {});
  }
}

const created: string[] = [];
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: async (args) => {
        await gate;
        created.push(args.name);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "data-sources",
    "test",
    false,
  );
});

afterEach(() => {
  pulumi.runtime.setAllConfig({}, []);
});

describe("Output variants", () => {
  it("resolves Input arguments, including Outputs, and returns the result as an Output", async () => {
    await t.use("v4");
    const hostingId = pulumi.output(101);
    const usage = getResourceUsageOutput({ hostingId, periodType: pulumi.output("day" as const), period: 3 });
    expect(pulumi.Output.isInstance(usage)).toBe(true);
    expect((await valueOf(usage.rows)).length).toBe(3);
    expect(await pulumi.isSecret(usage)).toBe(false);
  });

  it("marks the object storage result secret, so its secret key is a secret Output", async () => {
    await t.use("v3");
    const admin = createClient(testClientOptions(t.sim, "v4"));
    await admin.request("v4.storage.initAccount", { id: 101 });
    await admin.close();
    const storage = getObjectStorageOutput({ hostingId: 101 });
    expect(await pulumi.isSecret(storage.secretKey)).toBe(true);
    expect(await pulumi.isSecret(storage)).toBe(true);
    expect(await valueOf(storage.secretKey)).toBe(t.sim.store.hostings["101"]!.objectStorage.secretKey);
    expect(await valueOf(pulumi.unsecret(storage.bucket))).toBe(t.sim.store.hostings["101"]!.objectStorage.name);
  });

  it("keeps a secret argument's secrecy on the result", async () => {
    await t.use("v4");
    const zone = getDnsZoneOutput({ domain: pulumi.secret("agency-demo.com"), hostingId: 101 });
    expect(await pulumi.isSecret(zone)).toBe(true);
    expect((await valueOf(zone.recordSets)).length).toBeGreaterThan(0);
  });

  it("waits for dependsOn resources before reading", async () => {
    await t.use("v4");
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const record = new TestRecord("www-record");
    const keys = getSshKeysOutput({ hostingId: 101 }, { dependsOn: [record] });
    await new Promise((r) => setTimeout(r, 100));
    expect(created).not.toContain("www-record");
    expect(t.sim.requests.count("v4.ssh.listKeys")).toBe(0);
    release();
    expect((await valueOf(keys.keys)).length).toBe(1);
    expect(created).toContain("www-record");
    expect(t.sim.requests.count("v4.ssh.listKeys")).toBe(1);
    gate = Promise.resolve();
  });

  it("collects access logs up to the required limit", async () => {
    await t.use("v4");
    const logs = getAccessLogsOutput({ hostingId: 101, domain: "agency-demo.com", limit: 7, pageSize: 3 });
    expect((await valueOf(logs.entries)).length).toBe(7);
    expect(t.sim.requests.count("v4.logs.getAccessLogs")).toBe(3);
  });

  it("rejects the Output with the argument named when an argument is invalid, before any request", async () => {
    await t.use("v4");
    const usage = getResourceUsageOutput({ hostingId: 101, periodType: "day", period: pulumi.output(120) });
    await expect(valueOf(usage)).rejects.toThrow(/getResourceUsage: argument "period"/);
    expect(t.sim.requests.count()).toBe(0);
  });
});

describe("configuration", () => {
  it("prefers reseller:* stack config over the environment", async () => {
    await t.use("v4");
    pulumi.runtime.setAllConfig({ "reseller:apiVersion": "v2" }, []);
    await getAccountInfo();
    expect(t.sim.requests.count("v2.account.getInfo")).toBe(1);
    expect(t.sim.requests.count("v4.account.getInfo")).toBe(0);
  });

  it("reads the credentials from stack config when the environment has none", async () => {
    await t.use("v4");
    const env = { user: process.env.RESELLER_API_USER, key: process.env.RESELLER_API_KEY };
    delete process.env.RESELLER_API_USER;
    delete process.env.RESELLER_API_KEY;
    try {
      pulumi.runtime.setAllConfig({ "reseller:apiUser": t.sim.apiUser, "reseller:apiKey": t.sim.apiKey }, ["reseller:apiKey"]);
      expect((await getAccountInfo()).creditCurrency).toBe("USD");
    } finally {
      process.env.RESELLER_API_USER = env.user;
      process.env.RESELLER_API_KEY = env.key;
    }
  });

  it("fails naming the missing key and its environment variable, without a request", async () => {
    await t.use("v4");
    const key = process.env.RESELLER_API_KEY;
    delete process.env.RESELLER_API_KEY;
    try {
      await resetDataSources();
      await expect(getAccountInfo()).rejects.toThrow(/"reseller:apiKey" \(or the environment variable RESELLER_API_KEY\)/);
      expect(t.sim.requests.count()).toBe(0);
    } finally {
      process.env.RESELLER_API_KEY = key;
    }
  });

  it("fails on refused credentials naming the data source, the keys and their environment variables, as a pulumi.RunError", async () => {
    await t.use("v4");
    const key = process.env.RESELLER_API_KEY;
    process.env.RESELLER_API_KEY = "not-the-key";
    try {
      const err = (await getAccountInfo().catch((e: unknown) => e)) as Error & { code?: string };
      expect(err.message).toMatch(/^getAccountInfo: v4\.account\.getInfo failed with HTTP 40[13]: /);
      expect(err.message).toContain(
        'check "reseller:apiUser" and "reseller:apiKey" (or the environment variables RESELLER_API_USER and RESELLER_API_KEY)',
      );
      expect(err.message).not.toContain("not-the-key");
      // Still the client's error for a program that catches it; the Node.js language host prints
      // a RunError's message alone, without the stack or the error's fields.
      expect(err.name).toBe("ResellerApiError");
      expect(err.code).toBe("authentication");
      expect(pulumi.RunError.isInstance(err)).toBe(true);
    } finally {
      process.env.RESELLER_API_KEY = key;
    }
  });

  it("leaves an unexpected failure as it is, stack included, not a RunError", async () => {
    await t.use("v4");
    // A getter that throws a TypeError while the arguments are read: not an error the package
    // raises on purpose.
    const args = Object.defineProperty({}, "account", {
      enumerable: true,
      get() {
        throw new TypeError("cannot read the arguments");
      },
    });
    const err = (await getAccountInfo(args).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(TypeError);
    expect(err.message).toBe("cannot read the arguments");
    expect(pulumi.RunError.isInstance(err)).toBe(false);
  });

  it("fails naming a malformed key, in the plain and the Output variant", async () => {
    await t.use("v4");
    pulumi.runtime.setAllConfig({ "reseller:apiVersion": "v9" }, []);
    await expect(valueOf(getAccountInfoOutput())).rejects.toThrow(/"reseller:apiVersion"/);
    const err = (await getAccountInfo().catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^getAccountInfo: Configuration "reseller:apiVersion".*must be one of v4, v3, v2/);
    expect(pulumi.RunError.isInstance(err)).toBe(true);
  });
});

describe("the shared client", () => {
  it("reads the configuration once per program run, until it is reset", async () => {
    await t.use("v4");
    await getAccountInfo();
    process.env.RESELLER_API_VERSION = "v3";
    await getAccountInfo();
    expect(t.sim.requests.count("v4.account.getInfo")).toBe(2);
    await resetDataSources();
    await getAccountInfo();
    expect(t.sim.requests.count("v3.account.getInfo")).toBe(1);
  });

  it("closes when the program's event loop drains, and starts afresh on the next call", async () => {
    await t.use("v4");
    const before = process.listeners("beforeExit");
    await getAccountInfo();
    const added = process.listeners("beforeExit").filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    // Run the hook as Node would at the end of the program.
    (added[0] as () => void)();
    await new Promise((r) => setTimeout(r, 20));
    expect(process.listeners("beforeExit").filter((l) => !before.includes(l))).toHaveLength(0);
    process.env.RESELLER_API_VERSION = "v2";
    await getAccountInfo();
    expect(t.sim.requests.count("v2.account.getInfo")).toBe(1);
  });
});
