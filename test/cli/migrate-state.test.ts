import { describe, expect, it } from "vitest";

import { planMigration } from "../../src/cli/migrate-state";

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

  it("keeps a component parent through the import file's name table", () => {
    const parent = "urn:pulumi:dev::site::my:site:Site::blog";
    const plan = planMigration({ deployment: { resources: [dynamic("DnsRecordSet", "www", { id: "example.com/www/A", parent }), dynamic("DnsRecordSet", "mx", { id: "example.com/@/MX", parent })] } });
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
