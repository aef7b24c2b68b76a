/**
 * How the package's errors read in the line the dynamic-provider host logs for a failed call,
 * `${e}: ${e.stack}` (@pulumi/pulumi cmd/dynamic-provider/index.js): the package's own errors as
 * `<name>: <message>` once, unexpected ones with their stack.
 */
import { describe, expect, it } from "vitest";

import { ResellerApiError } from "../../src/client/errors";
import { ConfigError, forDisplay, isExpectedError, PartialCreateError } from "../../src/provider/lifecycle/errors";

/** The line the host writes for a failed call. */
function hostLine(e: unknown): string {
  return `${e as Error}: ${(e as Error).stack}`;
}

describe("errors as the dynamic-provider host prints them", () => {
  it("prints the package's own errors as their name and message once, with no stack", () => {
    const cases: [Error, string][] = [
      [
        new ResellerApiError({ code: "not-found", message: "v4.dns.getZone failed with HTTP 404: no such zone" }),
        "ResellerApiError: v4.dns.getZone failed with HTTP 404: no such zone",
      ],
      [new ConfigError("reseller:apiKey is not set"), "ConfigError: reseller:apiKey is not set"],
      [
        new PartialCreateError("101/a.com", {}, "created, but the path could not be set"),
        "PartialCreateError: created, but the path could not be set",
      ],
      [
        new Error("DnsRecordSet inputs are invalid: ttl: must be at least 300"),
        "Error: DnsRecordSet inputs are invalid: ttl: must be at least 300",
      ],
    ];
    for (const [error, line] of cases) expect(hostLine(forDisplay(error))).toBe(line);
  });

  it("keeps the stack of unexpected errors: other classes and Node.js system errors", () => {
    const unexpected = [
      new TypeError("cannot read properties of undefined"),
      Object.assign(new Error("connect ECONNRESET"), { code: "ECONNRESET" }),
    ];
    for (const error of unexpected) {
      expect(isExpectedError(error)).toBe(false);
      expect(hostLine(forDisplay(error))).toMatch(/\n\s+at /);
    }
  });
});
