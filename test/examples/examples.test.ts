/**
 * Every example, constructed from its own files (program and stack config) under
 * `pulumi.runtime.setMocks`, from the repository's sources. The data sources the `hosting-site`
 * example calls in the program run against the simulator.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { exampleLoader, examplesDir, readYaml, stackConfig, type ExampleLoader, type Registration } from "./load";

const TYPE = (name: string) => `pulumi-nodejs:dynamic/reseller:${name}`;

let sim: Simulator;
let loader: ExampleLoader;

beforeAll(async () => {
  sim = await startSimulator({ seed: "demo" });
  loader = exampleLoader();
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

/** The connection keys a stack sets with `pulumi config set`, pointing at the simulator. */
function connection(): Record<string, string> {
  return { "reseller:apiUrl": sim.url, "reseller:apiUser": sim.apiUser, "reseller:apiKey": sim.apiKey };
}

/** Inputs by resource name, without the serialized provider (identical for every instance). */
function inputsByName(registrations: Registration[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    registrations.map((r) => {
      const { __provider: _provider, ...inputs } = r.inputs;
      return [r.name, inputs];
    }),
  );
}

/** Unwraps the `{ value }` envelope the mocks give secrets. */
function plain(value: unknown): unknown {
  if (value && typeof value === "object" && "value" in value && Object.keys(value).some((k) => k.length === 32)) {
    return (value as { value: unknown }).value;
  }
  return value;
}

describe("the examples folder", () => {
  it("holds the three examples, each with a program, a project file, a package and a README", () => {
    const examples = readdirSync(examplesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(examples).toEqual(["drift-check", "hosting-site", "multi-env"]);
    for (const example of examples) {
      const files = readdirSync(path.join(examplesDir, example));
      expect(files, example).toEqual(expect.arrayContaining(["index.ts", "Pulumi.yaml", "package.json", "README.md"]));
      const project = readYaml(path.join(examplesDir, example, "Pulumi.yaml")) as { name: string; runtime: { name: string } };
      expect(project.name).toBe(example);
      expect(project.runtime.name).toBe("nodejs");
      const pkg = JSON.parse(readFileSync(path.join(examplesDir, example, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      };
      expect(pkg.dependencies["pulumi-hosting-reseller"]).toBe("file:../..");
      expect(pkg.dependencies["@pulumi/pulumi"]).toBeDefined();
    }
  });
});

describe("hosting-site", () => {
  let fromIndex: { registrations: Registration[]; outputs: Record<string, unknown> };

  beforeAll(async () => {
    fromIndex = await loader.run(
      {
        project: "hosting-site",
        stack: "dev",
        config: { ...stackConfig("hosting-site", "dev"), ...connection(), "hosting-site:ftpPassword": "Release-Pass-2026" },
        secretKeys: ["reseller:apiKey", "hosting-site:ftpPassword"],
      },
      () => loader.fresh("hosting-site/index.ts"),
    );
  }, 60_000);

  it("declares all ten resources of the package, plus the storage account and the CSR they need", () => {
    const types = new Set(fromIndex.registrations.map((r) => r.type));
    for (const name of [
      "DomainRegistration",
      "DnsRecordSet",
      "Redirection",
      "ObjectStorageUrl",
      "PhpOptions",
      "CustomSsl",
      "WafDisabledRules",
      "FtpAccount",
      "SshKey",
      "DatabaseUserGrant",
      "ObjectStorageAccount",
      "SslCsr",
    ]) {
      expect(types, name).toContain(TYPE(name));
    }
    expect(fromIndex.registrations).toHaveLength(13);
  });

  it("adopts the domain instead of ordering it, and keeps the FTP password secret", () => {
    const inputs = inputsByName(fromIndex.registrations);
    expect(inputs.domain).toMatchObject({ domain: "agency-demo.com", adopt: true });
    expect(inputs["release-ftp"]?.password).not.toBe("Release-Pass-2026");
    expect(plain(inputs["release-ftp"]?.password)).toBe("Release-Pass-2026");
  });

  it("reports the price, the credit and the candidate name from the data sources", () => {
    expect(fromIndex.outputs).toMatchObject({ renewalPrice: 14, creditRemaining: 1000, candidateAvailable: true });
  });

  it("reads from Pulumi.dev.yaml exactly the configuration the tests and the demo pass in code", async () => {
    const site = loader.load("hosting-site/site.ts") as {
      hostingSite(config: Record<string, unknown>): Record<string, unknown>;
      demoSiteConfig: Record<string, unknown>;
    };
    const fromCode = await loader.run(
      { project: "hosting-site", stack: "dev", config: connection(), secretKeys: ["reseller:apiKey"] },
      () => site.hostingSite({ ...site.demoSiteConfig, ftpPassword: loader.pulumi.secret("Release-Pass-2026") }),
    );
    expect(inputsByName(fromCode.registrations)).toEqual(inputsByName(fromIndex.registrations));
  });
});

describe("multi-env", () => {
  const stacks = ["dev", "staging", "prod"] as const;
  const runs: Record<string, { registrations: Registration[]; outputs: Record<string, unknown> }> = {};

  beforeAll(async () => {
    for (const stack of stacks) {
      runs[stack] = await loader.run(
        {
          project: "multi-env",
          stack,
          config: { ...stackConfig("multi-env", stack), ...connection(), "multi-env:ftpPassword": `Deploy-${stack}-2026` },
          secretKeys: ["reseller:apiKey", "multi-env:ftpPassword"],
        },
        () => loader.fresh("multi-env/index.ts"),
      );
    }
  }, 60_000);

  it("declares the same resources in every stack", () => {
    const shapes = stacks.map((stack) => runs[stack]?.registrations.map((r) => `${r.type} ${r.name}`).sort());
    expect(shapes[0]).toEqual([
      `${TYPE("DnsRecordSet")} site`,
      `${TYPE("FtpAccount")} deploy-ftp`,
      `${TYPE("PhpOptions")} php`,
      `${TYPE("SshKey")} deploy-ssh`,
    ]);
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });

  it("takes every difference between the stacks from their config files", () => {
    for (const stack of stacks) {
      const config = stackConfig("multi-env", stack);
      const inputs = inputsByName(runs[stack]?.registrations ?? []);
      expect(inputs.site).toMatchObject({
        hostingId: config["multi-env:hostingId"],
        domain: config["multi-env:domain"],
        name: config["multi-env:hostName"],
        ttl: config["multi-env:ttl"],
        records: [config["multi-env:serverIp"]],
      });
      expect(inputs.php).toMatchObject({ phpVersion: config["multi-env:phpVersion"], options: config["multi-env:phpOptions"] });
      expect(inputs["deploy-ftp"]).toMatchObject({ user: `deploy-${String(config["multi-env:hostName"])}`, createFolder: true });
      expect(plain(inputs["deploy-ftp"]?.password)).toBe(`Deploy-${stack}-2026`);
      expect(inputs["deploy-ssh"]).toMatchObject({ publicKey: config["multi-env:deployKey"], fromIps: config["multi-env:deployFrom"] });
    }
    const urls = stacks.map((stack) => runs[stack]?.outputs.url);
    expect(urls).toEqual(["https://dev.staging-agency.com/", "https://staging.staging-agency.com/", "https://portal.agency-demo.com/"]);
  });

  it("never lets two stacks manage the same PHP settings or the same SSH key", () => {
    const php = stacks.map((stack) => {
      const config = stackConfig("multi-env", stack);
      return `${String(config["multi-env:hostingId"])}/${String(config["multi-env:phpVersion"])}`;
    });
    expect(new Set(php).size).toBe(stacks.length);
    const keys = stacks.map((stack) => stackConfig("multi-env", stack)["multi-env:deployKey"]);
    expect(new Set(keys).size).toBe(stacks.length);
  });
});

describe("drift-check", () => {
  it("declares the record sets of its zone from the prod stack config", async () => {
    const { registrations, outputs } = await loader.run(
      {
        project: "drift-check",
        stack: "prod",
        config: { ...stackConfig("drift-check", "prod"), ...connection() },
        secretKeys: ["reseller:apiKey"],
      },
      () => loader.fresh("drift-check/index.ts"),
    );

    expect(registrations.map((r) => r.type)).toEqual(Array(4).fill(TYPE("DnsRecordSet")));
    expect(registrations.map((r) => `${String(r.inputs.type)} ${String(r.inputs.name)}`).sort()).toEqual([
      "CAA @",
      "CNAME status",
      "MX backup",
      "TXT _verify",
    ]);
    for (const registration of registrations) expect(registration.inputs).toMatchObject({ domain: "agency-demo.com", hostingId: 101 });
    expect(outputs.recordSets).toHaveLength(4);
  });
});
