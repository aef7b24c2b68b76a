import { describe, expect, it } from "vitest";

import { dynamicHostEngineAddress } from "../../src/provider/runtime/engine-log";

const HOST = "/work/app/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

describe("dynamicHostEngineAddress", () => {
  it("is the engine's address in @pulumi/pulumi's dynamic-provider host, with or without index.js", () => {
    expect(dynamicHostEngineAddress(["node", HOST, "127.0.0.1:41837"])).toBe("127.0.0.1:41837");
    expect(dynamicHostEngineAddress(["node", HOST.replace(/[\\/]index\.js$/, ""), "localhost:5000", "extra"])).toBe("localhost:5000");
    expect(dynamicHostEngineAddress(["node", HOST.replaceAll("/", "\\"), "[::1]:7000"])).toBe("[::1]:7000");
  });

  it("is the engine's address after the flags the engine passes on with --logflow and --tracing", () => {
    expect(dynamicHostEngineAddress(["node", HOST, "--logtostderr", "-v=9", "127.0.0.1:41837"])).toBe("127.0.0.1:41837");
    expect(dynamicHostEngineAddress(["node", HOST, "-v=3", "--tracing", "127.0.0.1:9411", "127.0.0.1:41837"])).toBe("127.0.0.1:41837");
    expect(dynamicHostEngineAddress(["node", HOST, "--logtostderr", "-v=9"])).toBeUndefined();
  });

  it("is undefined in any other process, so the toolkit and plain scripts keep the console", () => {
    expect(dynamicHostEngineAddress(["node", "/work/app/index.js", "127.0.0.1:41837"])).toBeUndefined();
    expect(dynamicHostEngineAddress(["node", "/work/app/node_modules/vitest/vitest.mjs", "run"])).toBeUndefined();
    expect(dynamicHostEngineAddress(["node", HOST])).toBeUndefined();
    expect(dynamicHostEngineAddress(["node", HOST, "--not-an-address"])).toBeUndefined();
  });
});
