import { describe, expect, it } from "vitest";

import { planMigration } from "../../src/cli/migrate-state";
import { parsePhpOptionsId } from "../../src/resources/php-options/provider";
import { parseWafDisabledRulesId } from "../../src/resources/waf-disabled-rules/provider";

const STACK = "urn:pulumi:dev::site::pulumi:pulumi:Stack::site-dev";
const dynamic = (type: string, name: string, extra: Record<string, unknown> = {}) => ({
  urn: `urn:pulumi:dev::site::pulumi-nodejs:dynamic/reseller:${type}::${name}`,
  type: `pulumi-nodejs:dynamic/reseller:${type}`,
  parent: STACK,
  ...extra,
});

describe("reseller migrate-state", () => {
  it("imports every dynamic resource under its name and id, and removes them dependents first", () => {
    const plan = planMigration({
      deployment: {
        resources: [
          { urn: STACK, type: "pulumi:pulumi:Stack" },
          dynamic("DnsRecordSet", "www", { id: "example.com/www/A" }),
          dynamic("FtpAccount", "ftp", { id: "101/ci@example.com" }),
        ],
      },
    });
    expect(plan.importFile).toEqual({
      resources: [
        { type: "reseller:index:DnsRecordSet", name: "www", id: "example.com/www/A" },
        { type: "reseller:index:FtpAccount", name: "ftp", id: "101/ci@example.com" },
      ],
    });
    expect(plan.remove).toEqual([dynamic("FtpAccount", "ftp").urn, dynamic("DnsRecordSet", "www").urn]);
    expect(plan.skipped).toEqual([]);
  });

  it("imports a redirection with its destination and PHP options with the names they manage, which a read from the id alone cannot find", () => {
    const plan = planMigration({
      deployment: {
        resources: [
          dynamic("Redirection", "alias", {
            id: "101/xn--caf-dma.com",
            outputs: { hostingId: 101, domain: "xn--caf-dma.com", destinationUrl: "https://agency-demo.com/", type: 301 },
          }),
          dynamic("PhpOptions", "php", {
            id: "101/8.2",
            outputs: { hostingId: 101, phpVersion: "8.2", options: { max_execution_time: "120", post_max_size: "128M" } },
          }),
          dynamic("FtpAccount", "ftp", {
            id: "101/ci@example.com",
            outputs: {
              hostingId: 101,
              password: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" },
            },
          }),
        ],
      },
    });
    expect(plan.importFile.resources.map((r) => r.id)).toEqual([
      "101/xn--caf-dma.com/https://agency-demo.com/",
      "101/8.2/max_execution_time,post_max_size",
      "101/ci@example.com",
    ]);
  });

  it("imports the settings that record what they found with that value in the id, so destroy after the migration puts it back", () => {
    const plan = planMigration({
      deployment: {
        resources: [
          dynamic("PhpOptions", "php", {
            id: "101/8.2",
            outputs: {
              hostingId: 101,
              phpVersion: "8.2",
              options: { max_execution_time: "120", post_max_size: "128M" },
              previous: { max_execution_time: "30", post_max_size: "64M" },
            },
          }),
          dynamic("WafDisabledRules", "waf", {
            id: "101/client-shop.net",
            outputs: { hostingId: 101, domain: "client-shop.net", ruleIds: [942100], previous: [920350] },
          }),
        ],
      },
    });
    const ids = plan.importFile.resources.map((r) => r.id);
    expect(ids).toEqual(["101/8.2/max_execution_time=30,post_max_size=64M", "101/client-shop.net/previous=920350"]);
    expect(parsePhpOptionsId(ids[0]!)?.previous).toEqual({ max_execution_time: "30", post_max_size: "64M" });
    expect(parseWafDisabledRulesId(ids[1]!)?.previous).toEqual([920350]);
  });

  it("keeps a component parent through the import file's name table", () => {
    const parent = "urn:pulumi:dev::site::my:site:Site::blog";
    const plan = planMigration({
      deployment: {
        resources: [
          dynamic("DnsRecordSet", "www", { id: "example.com/www/A", parent }),
          dynamic("DnsRecordSet", "mx", { id: "example.com/@/MX", parent }),
        ],
      },
    });
    expect(plan.importFile.nameTable).toEqual({ "parent-1": parent });
    expect(plan.importFile.resources.map((r) => r.parent)).toEqual(["parent-1", "parent-1"]);
  });

  it("leaves a resource of a named account, one without id and one pending deletion, saying why", () => {
    const plan = planMigration({
      deployment: {
        resources: [
          dynamic("DnsRecordSet", "b", { id: "example.com/b/A", outputs: { account: "brand-b" } }),
          dynamic("DnsRecordSet", "noid"),
          dynamic("DnsRecordSet", "old", { id: "example.com/old/A", delete: true }),
        ],
      },
    });
    expect(plan.importFile.resources).toEqual([]);
    expect(plan.remove).toEqual([]);
    expect(plan.skipped.map((s) => s.reason)).toEqual([expect.stringContaining('account "brand-b"'), expect.stringContaining("no id")]);
  });
});
