/**
 * The `import` resource option is refused in the program, where this package can still explain
 * what to do: under the engine it fails later, in the dynamic-provider host, with a message about
 * `toJavaScript` (pulumi/pulumi#16175; test/engine/get-and-import.test.ts shows both).
 */
import { describe, expect, it } from "vitest";

import { refuseImportOption } from "../../src/provider/program/import-option";
import { PhpOptions, SshKey } from "../../src/resources";

const phpOptions = { type: "PhpOptions", inputs: ["hostingId", "phpVersion", "options"] };
const sshKey = { type: "SshKey", inputs: ["hostingId", "publicKey", "comment", "fromIps", "adopt"] };
const KEY_ID = "101/a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7";

describe("the import resource option", () => {
  it("is refused by the resource's constructor, which names get(name, id) with the id, and adopt where the resource has it", () => {
    const construct = () => new SshKey("deploy", { hostingId: 101, publicKey: "ssh-ed25519 AAAA" }, { import: KEY_ID });
    expect(construct).toThrow(`SshKey "deploy": the \`import\` resource option does not work with dynamic resources (pulumi/pulumi#16175`);
    expect(construct).toThrow(`Read the object with \`SshKey.get("deploy", "${KEY_ID}")\`, or declare it with \`adopt: true\``);
  });

  it("mentions adopt only for resources that offer it", () => {
    expect(() => new PhpOptions("php", { hostingId: 101, phpVersion: "8.2", options: {} }, { import: "101/8.2" })).toThrow(
      /PhpOptions\.get\("php", "101\/8\.2"\)`\.$/,
    );
    expect(() => refuseImportOption(phpOptions, "php", { import: "101/8.2" })).not.toThrow(/adopt/);
  });

  it("lets every other option through", () => {
    expect(() => refuseImportOption(sshKey, "deploy", undefined)).not.toThrow();
    expect(() => refuseImportOption(sshKey, "deploy", { protect: true, id: KEY_ID })).not.toThrow();
  });
});
