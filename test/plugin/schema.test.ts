/**
 * `schema.json` is generated from the package's declarations (scripts/lib/schema.ts) and
 * committed; the plugin serves it as it is. These tests keep the two from drifting apart.
 */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { DATA_SOURCES } from "../../src/data-sources/registry";
import * as dataSources from "../../src/data-sources";
import { CONFIG_KEYS } from "../../src/provider/rules/config";
import { RESOURCES } from "../../src/resources/registry";
import { SCHEMA_PATH, schemaText, type PackageSchema } from "../../scripts/lib/schema";

const committed = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as PackageSchema;

describe("schema.json", () => {
  it("is what a fresh generation from the declarations writes (run `npm run schema` after changing a resource, a data source or a key)", () => {
    expect(readFileSync(SCHEMA_PATH, "utf8")).toBe(schemaText());
  }, 60_000);

  it("lists every resource type of the runtime as reseller:index:<Type>, with every input and the account", () => {
    expect(Object.keys(committed.resources).sort()).toEqual(
      Object.keys(RESOURCES)
        .map((t) => `reseller:index:${t}`)
        .sort(),
    );
    for (const [type, def] of Object.entries(RESOURCES)) {
      const resource = committed.resources[`reseller:index:${type}`] as {
        inputProperties: Record<string, unknown>;
        properties: Record<string, unknown>;
      };
      expect(Object.keys(resource.inputProperties).sort(), type).toEqual([...Object.keys(def.inputs), "account"].sort());
      for (const key of Object.keys(def.inputs)) expect(resource.properties, `${type}.${key}`).toHaveProperty(key);
    }
  });

  it("lists every data source the package exports as an invoke reseller:index:get<X>", () => {
    const exported = Object.keys(dataSources).filter((name) => /^get[A-Z]\w*$/.test(name) && !name.endsWith("Output"));
    expect(Object.keys(DATA_SOURCES).sort()).toEqual(exported.sort());
    expect(Object.keys(committed.functions).sort()).toEqual(exported.map((name) => `reseller:index:${name}`).sort());
  });

  it("requires the arguments an invoke refuses to run without (getAccessLogs's limit)", () => {
    const logs = committed.functions["reseller:index:getAccessLogs"] as { inputs: { required?: string[] } };
    expect(logs.inputs.required).toContain("limit");
  });

  it("marks passwords, keys and the API key secret, and the configuration keys are the provider's inputs", () => {
    const ftp = committed.resources["reseller:index:FtpAccount"] as {
      inputProperties: Record<string, { secret?: boolean }>;
      properties: Record<string, { secret?: boolean }>;
    };
    expect(ftp.inputProperties.password?.secret).toBe(true);
    expect(ftp.properties.password?.secret).toBe(true);
    const storage = committed.resources["reseller:index:ObjectStorageAccount"] as { properties: Record<string, { secret?: boolean }> };
    expect(storage.properties.secretKey?.secret).toBe(true);
    expect(Object.keys(committed.config.variables).sort()).toEqual(CONFIG_KEYS.map((k) => k.key).sort());
    expect(committed.provider.inputProperties.apiKey?.secret).toBe(true);
    expect(committed.provider.properties).not.toHaveProperty("apiKey");
  });

  it("gives closed sets of values as enums and whole numbers as integers", () => {
    const records = committed.resources["reseller:index:DnsRecordSet"] as {
      inputProperties: Record<string, { $ref?: string; type?: string }>;
    };
    expect(records.inputProperties.type?.$ref).toBe("#/types/reseller:index:DnsRecordSetType");
    expect(committed.types["reseller:index:DnsRecordSetType"]?.enum?.map((e) => e.value)).toContain("CNAME");
    expect(records.inputProperties.ttl?.type).toBe("integer");
  });
});
