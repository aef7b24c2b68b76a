/**
 * The property bag at the runtime boundary (src/provider/runtime/bag.ts): what the runtime
 * handles for every type is taken out of inputs and state once, and put back once.
 */
import { describe, expect, it } from "vitest";
import { decode, encode, adoptInput } from "../../src/provider/runtime/bag";
import { ownerToken } from "../../src/provider/lifecycle/owner";
import { definitionOf } from "../../src/runtime";

const OWNER = ownerToken({ project: "p", stack: "s", type: "DnsRecordSet", name: "www" });
const records = { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] };

describe("decode", () => {
  it("gives a definition its own properties only, and the runtime's fields apart", () => {
    const bag = decode(definitionOf("DnsRecordSet"), {
      ...records,
      account: "brand-b",
      __owner: OWNER,
      __provider: "exports.handler = __f0;",
      adopt: true,
      adopted: false,
    });
    expect(bag).toEqual({
      own: records,
      account: "brand-b",
      owner: OWNER,
      adoption: { adopt: true, adopted: false },
      provider: "exports.handler = __f0;",
      hasState: true,
    });
  });

  it("leaves `adopt` to a definition that has its own, and keeps only well-formed runtime fields", () => {
    const own = { hostingId: 101, name: "agencyde_shop", adopt: true };
    const bag = decode(definitionOf("Database"), { ...own, account: 7, __owner: "not-a-token", adopted: "yes" });
    expect(bag.own).toEqual({ ...own, adopted: "yes" });
    expect(bag.account).toBeUndefined();
    expect(bag.owner).toBeUndefined();
    expect(bag.adoption).toEqual({});
  });

  it("tells a read from the id alone, which carries the account and the shell only", () => {
    expect(decode(definitionOf("DnsRecordSet"), { account: "brand-b", __provider: "x" }).hasState).toBe(false);
    expect(decode(definitionOf("DnsRecordSet"), undefined).hasState).toBe(false);
    expect(decode(definitionOf("DnsRecordSet"), { __owner: OWNER }).hasState).toBe(true);
    // What `X.get` sends: the account, the shell and an empty list of declared inputs.
    const read = decode(definitionOf("DnsRecordSet"), { account: "brand-b", __provider: "x", __declared: [] });
    expect(read.hasState).toBe(false);
    expect(read.declared).toEqual([]);
  });

  it("takes the declared input keys out of state", () => {
    const bag = decode(definitionOf("DnsRecordSet"), { ...records, __declared: ["domain", "name"] });
    expect(bag.own).toEqual(records);
    expect(bag.declared).toEqual(["domain", "name"]);
  });
});

describe("encode", () => {
  it("puts the account, the owner token and the declared keys back after the outputs and what the runtime adds", () => {
    expect(encode({ ...records, ttl: undefined }, { account: "brand-b", owner: OWNER }, { adopted: false })).toEqual({
      ...records,
      adopted: false,
      account: "brand-b",
      __owner: OWNER,
    });
    expect(encode(records, {})).toEqual(records);
    expect(encode(records, { declared: ["domain"] })).toEqual({ ...records, __declared: ["domain"] });
  });

  it("hands back `adopt` without `adopted` as the input a read returns", () => {
    expect(adoptInput({ adopt: true, adopted: true })).toEqual({ adopt: true });
  });
});
