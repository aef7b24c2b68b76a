/**
 * Constructing a resource leaves the SDK's per-promise stack traces out (decision 0031) without
 * touching what the program sees: the global limit is the same afterwards, an error the SDK
 * throws while setting the resource up still carries the program's stack, and
 * PULUMI_DEBUG_PROMISE_LEAKS keeps the traces.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DnsRecordSet } from "../../src/resources";

const ARGS = { domain: "example.com", name: "www", type: "A", records: ["198.51.100.7"] };

type Traced = Promise<unknown> & { _debugStackTrace?: string };
/** The SDK's set of promises not yet settled, each with the trace it recorded (runtime/debuggable.js). */
function pending(): Set<Traced> {
  const state = require("@pulumi/pulumi/runtime/state") as { getStore(): { leakCandidates: Set<Traced> } };
  return state.getStore().leakCandidates;
}

/** The most stack frames the SDK recorded on a promise it made while `construct` ran. */
function framesRecorded(construct: () => void): number {
  const before = new Set(pending());
  construct();
  const made = [...pending()].filter((p) => !before.has(p));
  expect(made.length).toBeGreaterThan(0);
  return Math.max(...made.map((p) => (p._debugStackTrace ?? "").split("\n").filter((line) => line.trimStart().startsWith("at ")).length));
}

describe("constructing a resource", () => {
  beforeAll(async () => {
    await pulumi.runtime.setMocks(
      { newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: () => ({}) },
      "project",
      "stack",
      false,
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("restores the stack trace limit it lowers", () => {
    const before = Error.stackTraceLimit;
    new DnsRecordSet("limit-kept", ARGS);
    expect(Error.stackTraceLimit).toBe(before);
  });

  it("gives an error the SDK throws while setting the resource up the program's stack, and restores the limit", () => {
    const before = Error.stackTraceLimit;
    let thrown: unknown;
    try {
      new DnsRecordSet("", ARGS);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toMatch(/name/i);
    expect((thrown as Error).stack).toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(before);
  });

  it("records traces on the SDK's promises only when PULUMI_DEBUG_PROMISE_LEAKS asks for them", () => {
    const quiet = framesRecorded(() => new DnsRecordSet("quiet", ARGS));
    vi.stubEnv("PULUMI_DEBUG_PROMISE_LEAKS", "true");
    const debugging = framesRecorded(() => new DnsRecordSet("debugging", ARGS));
    expect(quiet).toBe(0);
    expect(debugging).toBeGreaterThan(0);
  });
});
