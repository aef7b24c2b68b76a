import { describe, expect, it } from "vitest";

import { engineAddressOf } from "../../src/plugin/main";

describe("the plugin's arguments", () => {
  it("finds the engine address after the logging flags the engine may pass", () => {
    expect(engineAddressOf(["127.0.0.1:4321"])).toBe("127.0.0.1:4321");
    expect(engineAddressOf(["--logtostderr", "-v=9", "--tracing", "file:/tmp/t.json", "127.0.0.1:4321"])).toBe("127.0.0.1:4321");
  });

  it("has no engine address when started by hand without one", () => {
    expect(engineAddressOf(["--logtostderr"])).toBeUndefined();
  });
});
