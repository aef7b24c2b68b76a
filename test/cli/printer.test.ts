/**
 * The generator's printer and names: what it prints evaluates back to the value it was given,
 * whatever the layout, and every name is a unique, valid identifier derived from a natural key.
 */
import { describe, expect, it } from "vitest";

import { resourceName, secretConfigKey, UniqueNames } from "../../src/generate/names";
import { Expression, MAX_WIDTH, printBlock, printComment, printValue, type PrintValue } from "../../src/generate/printer";

/** Evaluates printed code (plain literals only, plus `config.requireSecret`). */
function evaluate(code: string): unknown {
  const config = { requireSecret: (key: string) => `<secret ${key}>` };
  return new Function("config", `return (${code});`)(config);
}

const PEM =
  "-----BEGIN CERTIFICATE-----\nMIIDCTCCAfGgAwIBAgIQfRoq9kS0IT05wO6jhlFakDANBgkqhkiG9w0BAQsFADAa\nMRgwFgYDVQQDDA9jbGllbnQtc2hvcC5uZXQw\n-----END CERTIFICATE-----\n";

describe("the program printer", () => {
  it("prints values that evaluate back to themselves, multi-line strings and quoted keys included", () => {
    const value: PrintValue = {
      certificate: PEM,
      options: { memory_limit: "512M", "session.gc_maxlifetime": "3600" },
      records: [{ value: "mail.example.com.", priority: 10 }, 'say "hi" \\ there', "x".repeat(300)],
      ttl: 300,
      adopt: true,
      nothing: null,
    };
    const printed = printBlock(value, 0);

    expect(evaluate(printed)).toEqual(value);
    expect(printed).toContain('  certificate: [\n    "-----BEGIN CERTIFICATE-----",\n');
    expect(printed).toContain('].join("\\n"),');
    expect(printed).toContain('"session.gc_maxlifetime": "3600"');
  });

  it("keeps a value on one line when it fits, and spreads it one item per line when it does not", () => {
    expect(printValue({ name: "www", records: ["198.51.100.10"] }, 0)).toBe('{ name: "www", records: ["198.51.100.10"] }');
    const wide = printValue({ records: Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 100}`) }, 0);
    expect(wide).toBe(`{\n  records: [\n${Array.from({ length: 8 }, (_, i) => `    "198.51.100.${i + 100}",`).join("\n")}\n  ],\n}`);
    for (const line of wide.split("\n")) expect(line.length).toBeLessThanOrEqual(MAX_WIDTH);
  });

  it("prints expressions as code, and wraps comments to the line width", () => {
    const printed = printBlock({ privateKey: new Expression('config.requireSecret("sslKey_shop_net")') }, 0);
    expect(evaluate(printed)).toEqual({ privateKey: "<secret sslKey_shop_net>" });

    const comment = printComment([`Read only: ${"word ".repeat(40).trim()}`], 0);
    for (const line of comment.split("\n")) {
      expect(line.startsWith("// ")).toBe(true);
      expect(line.length).toBeLessThanOrEqual(MAX_WIDTH);
    }
  });
});

describe("generated names", () => {
  it("derives identifiers from natural keys, keeping record types as DNS writes them", () => {
    expect(resourceName("dns", "agency-demo.com", "www", { keep: "A" })).toBe("dns_agency_demo_com_www_A");
    expect(resourceName("dns", "xn--caf-dma.com", "@", { keep: "MX" })).toBe("dns_xn_caf_dma_com_apex_MX");
    expect(resourceName("dns", "agency-demo.com", "*.dev", { keep: "A" })).toBe("dns_agency_demo_com_wildcard_dev_A");
    expect(secretConfigKey("ftpPassword", "deploy@agency-demo.com")).toBe("ftpPassword_deploy_agency_demo_com");
    for (const name of ["dns_agency_demo_com_www_A", "dns_xn_caf_dma_com_apex_MX"]) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });

  it("makes a repeated name unique with a numbered suffix, in the order names are taken", () => {
    const names = new UniqueNames();
    // `_dmarc` and `dmarc` name different record sets but the same identifier.
    expect(names.take(resourceName("dns", "a.com", "_dmarc", { keep: "TXT" }))).toBe("dns_a_com_dmarc_TXT");
    expect(names.take(resourceName("dns", "a.com", "dmarc", { keep: "TXT" }))).toBe("dns_a_com_dmarc_TXT_2");
    expect(names.take("dns_a_com_dmarc_TXT")).toBe("dns_a_com_dmarc_TXT_3");
  });
});
