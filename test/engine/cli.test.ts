/**
 * The engine suite needs a Pulumi CLI. Without one its files are skipped, which is right on a
 * developer's machine and wrong in CI: there `REQUIRE_PULUMI_CLI=1` turns the missing CLI into
 * this failing test.
 */
import { existsSync } from "node:fs";
import * as path from "node:path";

import { describe, expect, it } from "vitest";

import { pulumiCli } from "./harness";

describe("the Pulumi CLI of the engine suite", () => {
  it.runIf(process.env.REQUIRE_PULUMI_CLI === "1")("is found when REQUIRE_PULUMI_CLI=1", () => {
    expect(
      pulumiCli,
      "no Pulumi CLI: build it with `npm run pulumi-cli`, or point PULUMI_CLI_DIR at a directory holding `pulumi`",
    ).not.toBeNull();
  });

  it.runIf(pulumiCli !== null)(
    "reports a semver version and runs from a directory that holds the Node.js language host and launcher",
    () => {
      expect(pulumiCli?.version).toMatch(/^\d+\.\d+\.\d+/);
      // Directory programs need the language host, dynamic resources the launcher: both are
      // looked up next to `pulumi` or on PATH, whose first entry is this directory.
      for (const binary of ["pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"]) {
        expect(
          existsSync(path.join(pulumiCli!.dir, binary)) ||
            pulumiCli!.path.split(path.delimiter).some((dir) => existsSync(path.join(dir, binary))),
          binary,
        ).toBe(true);
      }
    },
  );
});
