import { describe, expect, it } from "vitest";
import { toPlainJson, withoutProvider } from "../../src/provider/lifecycle/outputs";

describe("plain JSON outputs", () => {
  it("drops undefined properties, and turns dates and non-finite numbers into JSON values", () => {
    expect(toPlainJson({ a: 1, b: undefined, c: [undefined, new Date(0)], d: { e: undefined, f: NaN } })).toEqual({
      a: 1,
      c: [null, "1970-01-01T00:00:00.000Z"],
      d: { f: null },
    });
  });

  it("refuses values Pulumi state cannot hold, naming where they are", () => {
    expect(() => toPlainJson({ a: { b: () => 1 } })).toThrow("outputs.a.b is a function");
    expect(() => toPlainJson({ n: 10n })).toThrow("outputs.n is a bigint");
    expect(() => toPlainJson({ m: new Map() })).toThrow("outputs.m is a Map");
  });

  it("copies, so later changes to the source do not reach the result", () => {
    const source = { list: [1] };
    const copy = toPlainJson(source);
    source.list.push(2);
    expect(copy).toEqual({ list: [1] });
  });

  it("removes the serialized provider the host adds to state", () => {
    expect(withoutProvider({ __provider: "exports.handler = __f0;", domain: "example.com" })).toEqual({ domain: "example.com" });
    expect(withoutProvider(undefined)).toEqual({});
  });
});
