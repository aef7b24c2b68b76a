/**
 * A self-contained program directory for the engine-double tests: one dynamic resource, `Item`,
 * whose provider keeps its objects in a JSON file (the "remote service"), so a test can change
 * things out of band and read every provider call back in order.
 *
 * The directory lives under `.tmp/` of the repository (git-ignored) so that Node's resolution
 * finds the repository's `node_modules/@pulumi/pulumi` from it, for the program and for the host.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { randomUUID } from "node:crypto";

import type * as pulumi from "@pulumi/pulumi";

import { createTestStack, type PulumiProgram, type StackConfig, type TestStack } from "../../packages/testing/src";
import { STEP_TIMEOUT } from "../helpers/time";

const repositoryRoot = path.resolve(__dirname, "../..");

/**
 * Plain CommonJS, loaded with Node's own `require` so closure serialization sees real source.
 *
 * Provider behaviour the tests rely on:
 * - `configure` reads `fixture:storeFile`, the secret `fixture:apiKey` and the un-namespaced
 *   `region` (which the host prefixes with the project name) and records them;
 * - `check` fails `value: "invalid"` and records the `ref` it received (the unknown sentinel in a
 *   preview);
 * - `diff` replaces on `key`, asks for delete-before-replace when `dbr` is true, and compares
 *   the other inputs with the old outputs;
 * - `create` makes `generated` and a `token` (not an input, so only `additionalSecretOutputs`
 *   makes it secret); with `failInit: true` it stores the object and throws an error carrying
 *   `id`, and so does `update`;
 * - `read` returns props and inputs from the store, or `id: ""` when the object is gone;
 * - `check` writes a `warning:` line to stderr for `value: "warn"`; `create` throws a plain error
 *   (nothing created) for `failCreate: true`; `read` and `delete` of an object with `slowMs` take
 *   that long and record in the store's `maxInFlight` how many ran at once.
 */
const providerSource = String.raw`
"use strict";
const pulumi = require("@pulumi/pulumi");

function withStore(file, change) {
  const fs = require("fs");
  const data = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : { objects: {}, calls: [], next: 1 };
  const result = change(data);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return result;
}

function outputsOf(id, inputs) {
  return {
    key: inputs.key,
    value: inputs.value,
    ref: inputs.ref === undefined ? null : inputs.ref,
    secretText: inputs.secretText === undefined ? null : inputs.secretText,
    dbr: inputs.dbr === true,
    slowMs: inputs.slowMs === undefined ? null : inputs.slowMs,
    generated: inputs.key + ":" + inputs.value,
    token: "tok-" + id,
  };
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a slow call, recording in the store the most calls of that kind in flight at once. */
async function slow(self, kind, ms, work) {
  self.active = self.active || {};
  self.active[kind] = (self.active[kind] || 0) + 1;
  withStore(self.storeFile, (data) => {
    data.maxInFlight = data.maxInFlight || {};
    data.maxInFlight[kind] = Math.max(data.maxInFlight[kind] || 0, self.active[kind]);
  });
  try {
    await sleep(ms);
    return work();
  } finally {
    self.active[kind] -= 1;
  }
}

const provider = {
  async configure(req) {
    this.storeFile = req.config.require("fixture:storeFile");
    const seen = { apiKey: req.config.get("fixture:apiKey"), region: req.config.get("region") };
    withStore(this.storeFile, (data) => {
      data.calls.push({ method: "configure", pid: process.pid });
      data.configSeen = seen;
    });
  },
  async check(olds, news) {
    const failures = news.value === "invalid" ? [{ property: "value", reason: "value must not be 'invalid'" }] : [];
    if (news.value === "warn") console.warn("warning: the value is 'warn'");
    withStore(this.storeFile, (data) => data.calls.push({ method: "check", name: news.key, ref: news.ref === undefined ? null : news.ref }));
    return { inputs: news, failures };
  },
  async diff(id, olds, news) {
    withStore(this.storeFile, (data) => data.calls.push({ method: "diff", id }));
    const replaces = olds.key !== news.key ? ["key"] : [];
    const changes =
      replaces.length > 0 ||
      ["value", "ref", "secretText"].some((k) => JSON.stringify(olds[k] ?? null) !== JSON.stringify(news[k] ?? null));
    return { changes, replaces, deleteBeforeReplace: news.dbr === true };
  },
  async create(inputs) {
    if (inputs.failCreate) throw new Error("the service refused the create");
    const id = withStore(this.storeFile, (data) => {
      const id = inputs.key + "-" + data.next++;
      data.objects[id] = outputsOf(id, inputs);
      data.calls.push({ method: "create", id });
      return id;
    });
    if (inputs.failInit) {
      throw Object.assign(new Error("the object was created but is not ready"), {
        id,
        properties: { ...outputsOf(id, inputs), __provider: inputs.__provider },
        reasons: ["not ready yet"],
      });
    }
    return { id, outs: outputsOf(id, inputs) };
  },
  async read(id, props) {
    if (props.slowMs) return slow(this, "read", props.slowMs, () => this.readNow(id));
    return this.readNow(id);
  },
  readNow(id) {
    return withStore(this.storeFile, (data) => {
      data.calls.push({ method: "read", id });
      const object = data.objects[id];
      if (!object) return { id: "" };
      // The inputs a program would declare for this object: only what it set.
      const inputs = { key: object.key, value: object.value };
      if (object.ref !== null) inputs.ref = object.ref;
      if (object.secretText !== null) inputs.secretText = object.secretText;
      if (object.dbr) inputs.dbr = true;
      if (object.slowMs) inputs.slowMs = object.slowMs;
      return { id, props: { ...object }, inputs };
    });
  },
  async update(id, olds, news) {
    const outs = withStore(this.storeFile, (data) => {
      data.calls.push({ method: "update", id });
      data.objects[id] = outputsOf(id, news);
      return outputsOf(id, news);
    });
    if (news.failInit) {
      throw Object.assign(new Error("the object was updated but is not ready"), {
        id,
        properties: { ...outs, __provider: news.__provider },
        reasons: ["not ready yet"],
      });
    }
    return { outs };
  },
  async delete(id, props) {
    if (props.slowMs) await slow(this, "delete", props.slowMs, () => undefined);
    withStore(this.storeFile, (data) => {
      data.calls.push({ method: "delete", id });
      delete data.objects[id];
    });
  },
};

class Item extends pulumi.dynamic.Resource {
  constructor(name, args, opts) {
    super(
      provider,
      name,
      { generated: undefined, token: undefined, ref: undefined, secretText: undefined, ...args },
      opts,
      "fixture",
      "Item",
    );
  }
}

module.exports = { Item };
`;

/** Inputs of the fixture's `Item`. */
export interface ItemArgs {
  key: pulumi.Input<string>;
  value: pulumi.Input<string>;
  ref?: pulumi.Input<string>;
  secretText?: pulumi.Input<string>;
  dbr?: boolean;
  failInit?: boolean;
  failCreate?: boolean;
  slowMs?: number;
}

/** The fixture's resource class, as the test sees it. */
export interface ItemResource extends pulumi.CustomResource {
  readonly generated: pulumi.Output<string>;
  readonly token: pulumi.Output<string>;
  readonly secretText: pulumi.Output<string | null>;
}

export type ItemClass = new (name: string, args: ItemArgs, opts?: pulumi.CustomResourceOptions) => ItemResource;

/** What the provider keeps in its store file. */
export interface StoreData {
  objects: Record<string, Record<string, unknown>>;
  calls: { method: string; id?: string; name?: string; ref?: unknown; pid?: number }[];
  configSeen?: { apiKey?: string; region?: string };
  maxInFlight?: Record<string, number>;
  next: number;
}

export interface ProgramDirectory {
  dir: string;
  Item: ItemClass;
  /** A fresh store file path inside the directory. */
  newStoreFile(): string;
  readStore(file: string): StoreData;
  writeStore(file: string, data: StoreData): void;
  remove(): void;
}

/** Writes the fixture program into a new directory under `.tmp/` and loads it. */
export function createProgramDirectory(): ProgramDirectory {
  const dir = path.join(repositoryRoot, ".tmp", `testing-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "fixture-program", private: true }));
  writeFileSync(path.join(dir, "item.js"), providerSource);
  const load = createRequire(path.join(dir, "index.js"));
  const { Item } = load("./item.js") as { Item: ItemClass };
  return {
    dir,
    Item,
    newStoreFile: () => path.join(dir, `store-${randomUUID()}.json`),
    readStore: (file) => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StoreData) : { objects: {}, calls: [], next: 1 }),
    writeStore: (file, data) => writeFileSync(file, JSON.stringify(data, null, 2)),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A stack over `fixture` with a fresh store file, plus accessors for that store. */
export async function openStack(
  fixture: ProgramDirectory,
  program: PulumiProgram,
  options: { config?: StackConfig; secretsPassphrase?: string; hostPerOperation?: boolean; parallel?: number } = {},
): Promise<{ stack: TestStack; storeFile: string; store: () => StoreData }> {
  const storeFile = fixture.newStoreFile();
  const stack = await createTestStack({
    program,
    workDir: fixture.dir,
    project: "fixtureproj",
    stack: "dev",
    config: { "fixture:storeFile": storeFile, ...(options.config ?? {}) },
    // The host prints its port once Node has loaded @pulumi/pulumi, which a busy machine takes
    // far longer than the toolkit's default allows; the limit only bounds a host that hangs.
    hostStartTimeoutMs: STEP_TIMEOUT,
    ...(options.secretsPassphrase ? { secretsPassphrase: options.secretsPassphrase } : {}),
    ...(options.hostPerOperation !== undefined ? { hostPerOperation: options.hostPerOperation } : {}),
    ...(options.parallel !== undefined ? { parallel: options.parallel } : {}),
  });
  return { stack, storeFile, store: () => fixture.readStore(storeFile) };
}

/** Provider methods called since `from`, without the configure calls. */
export function callsSince(data: StoreData, from: number): StoreData["calls"] {
  return data.calls.slice(from).filter((call) => call.method !== "configure");
}
