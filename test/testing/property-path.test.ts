/**
 * Property paths and the `ignoreChanges` reset, checked against the cases of the engine's own
 * `properties_path_test.go` (v3.248.0) that apply to wire values.
 */
import { describe, expect, it } from "vitest";

import { parsePropertyPath, pathCoversKey, processIgnoreChanges } from "../../packages/testing/src/property-path";
import { makeSecret, SECRET_SIG, SIG_KEY } from "../../packages/testing/src/wire";

describe("parsePropertyPath", () => {
  it.each([
    ["root", ["root"]],
    ["root.nested", ["root", "nested"]],
    ['root["nested"]', ["root", "nested"]],
    ["root.array[0].nested", ["root", "array", 0, "nested"]],
    ['root["key with \\"escaped\\" quotes"]', ["root", 'key with "escaped" quotes']],
    ['["root key with a ."][100]', ["root key with a .", 100]],
    ["root.array[*].field", ["root", "array", "*", "field"]],
    ["foo-bar", ["foo-bar"]],
  ])("reads %s", (text, path) => {
    expect(parsePropertyPath(text)).toEqual(path);
  });

  it.each([".root", "root.", "root[", 'root["open', "root[x]"])("refuses %s", (text) => {
    expect(() => parsePropertyPath(text)).toThrow();
  });
});

describe("processIgnoreChanges", () => {
  it("puts back the old value of a top-level property and leaves the others as the program set them", () => {
    expect(processIgnoreChanges({ a: 2, b: 2 }, { a: 1, b: 1 }, ["a"]).inputs).toEqual({ a: 1, b: 2 });
  });

  it("removes a property the old inputs did not have", () => {
    expect(processIgnoreChanges({ a: 2, b: 2 }, { b: 1 }, ["a"]).inputs).toEqual({ b: 2 });
  });

  it("resets a nested value and an array element in place", () => {
    const result = processIgnoreChanges(
      { tags: { team: "new", env: "prod" }, records: ["192.0.2.9", "192.0.2.2"] },
      { tags: { team: "old", env: "dev" }, records: ["192.0.2.1", "192.0.2.2"] },
      ["tags.team", "records[0]"],
    );
    expect(result).toEqual({ inputs: { tags: { team: "old", env: "prod" }, records: ["192.0.2.1", "192.0.2.2"] }, invalid: [] });
  });

  it("resets every element with a wildcard", () => {
    expect(processIgnoreChanges({ tags: { a: "2", c: "3" } }, { tags: { a: "1", b: "1" } }, ["tags[*]"]).inputs).toEqual({
      tags: { a: "1", b: "1" },
    });
  });

  it("reports a path into an element added to a list as invalid and leaves the value alone", () => {
    const result = processIgnoreChanges({ records: ["a", "b"] }, { records: ["a"] }, ["records[1]"]);
    expect(result).toEqual({ inputs: { records: ["a", "b"] }, invalid: ["records[1]"] });
  });

  it("keeps a value taken from inside an old secret secret", () => {
    const result = processIgnoreChanges({ settings: { token: "new" } }, { settings: makeSecret({ token: "old" }) }, ["settings.token"]);
    expect(result.inputs).toEqual({ settings: { token: { [SIG_KEY]: SECRET_SIG, value: "old" } } });
  });

  it("does not change the inputs it was given", () => {
    const inputs = { a: 2 };
    processIgnoreChanges(inputs, { a: 1 }, ["a"]);
    expect(inputs).toEqual({ a: 2 });
  });
});

describe("pathCoversKey", () => {
  it("matches a top-level key by name or wildcard, not by a deeper path", () => {
    expect(pathCoversKey("name", "name")).toBe(true);
    expect(pathCoversKey("*", "#initerror")).toBe(true);
    expect(pathCoversKey("name.first", "name")).toBe(false);
    expect(pathCoversKey("other", "name")).toBe(false);
  });
});
