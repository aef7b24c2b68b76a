/**
 * A stand-in for the `random` provider plugin, so that the cookbook's `@pulumi/random` program
 * (docs/cookbook.md, "Rotating FTP and database passwords") runs through the real CLI here: the
 * CLI downloads the real plugin from the internet, which the machines these tests run on cannot
 * reach. The program, `@pulumi/random`'s SDK and this package's resources are the real ones; only
 * the plugin that makes the password is this file.
 *
 * It serves `random:index/randomPassword:RandomPassword` as the real plugin documents it: the
 * password honours `length`, the `min*` counts, the `lower`/`upper`/`numeric`/`special` switches
 * and `overrideSpecial`, and every input forces a replacement (a new `keepers` value makes a new
 * password). `startRandomPlugin` in cookbook.test.ts installs it with `pulumi plugin install
 * resource random <version> --file`, under the version `@pulumi/random` asks for.
 */
import { randomInt } from "node:crypto";

import { main, type Provider } from "@pulumi/pulumi/provider";

const PASSWORD = "random:index/randomPassword:RandomPassword";
const INPUTS = [
  "keepers",
  "length",
  "lower",
  "upper",
  "numeric",
  "number",
  "special",
  "minLower",
  "minUpper",
  "minNumeric",
  "minSpecial",
  "overrideSpecial",
];
/** The real plugin's special characters when `overrideSpecial` is not given. */
const SPECIAL = "!@#$%&*()-_=+[]{}<>:?";

type Inputs = Record<string, unknown>;

/** A password of `inputs`' rules: the minimums first, the rest from every allowed set, shuffled. */
function password(inputs: Inputs): string {
  const allowed = (flag: string) => inputs[flag] !== false;
  const sets: [string, boolean, number][] = [
    ["abcdefghijklmnopqrstuvwxyz", allowed("lower"), Number(inputs.minLower ?? 0)],
    ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", allowed("upper"), Number(inputs.minUpper ?? 0)],
    ["0123456789", allowed("numeric") && allowed("number"), Number(inputs.minNumeric ?? 0)],
    [typeof inputs.overrideSpecial === "string" ? inputs.overrideSpecial : SPECIAL, allowed("special"), Number(inputs.minSpecial ?? 0)],
  ];
  const pick = (chars: string) => chars[randomInt(chars.length)]!;
  const chars: string[] = [];
  for (const [set, on, min] of sets) for (let i = 0; on && i < min; i++) chars.push(pick(set));
  const all = sets
    .filter(([set, on]) => on && set.length > 0)
    .map(([set]) => set)
    .join("");
  while (chars.length < Number(inputs.length)) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

function typeOf(urn: string): string {
  return urn.split("::")[2] ?? "";
}

const provider: Provider = {
  // The version it was installed as (the launcher sets it), which the engine checks against the SDK's.
  version: process.env.RANDOM_PLUGIN_VERSION ?? "0.0.0",
  async check(urn, _olds, news: Inputs) {
    if (typeOf(urn) !== PASSWORD) return { failures: [{ property: "", reason: `this stand-in serves ${PASSWORD} only` }] };
    const length = Number(news.length);
    return Number.isInteger(length) && length > 0
      ? { inputs: news }
      : { failures: [{ property: "length", reason: "must be a positive integer" }] };
  },
  async diff(_id, _urn, olds: Inputs, news: Inputs) {
    const replaces = INPUTS.filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
    return { changes: replaces.length > 0, replaces, deleteBeforeReplace: false };
  },
  async create(_urn, inputs: Inputs) {
    return { id: "none", outs: { ...inputs, result: password(inputs) } };
  },
  async read(id, _urn, props?: Inputs) {
    return { id, props: props ?? {} };
  },
  async delete() {},
};

void main(provider, process.argv.slice(2));
