/**
 * What the native tests (the provider plugin through the real CLI) share: the records the
 * simulator holds, the stack config of two accounts on two simulators, and `pulumi` commands
 * whose output is kept so a test can check that no secret was printed.
 */
import { expect } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import type { CliResult, CliStack, Deployment, ExportedResource } from "../engine/harness";

/** The values of the simulator's records named `fqdn` of `type` in the zone `agency-demo.com`. */
export function records(sim: Simulator, fqdn: string, type = "A"): string[] {
  return (sim.store.zones["agency-demo.com"] ?? [])
    .filter((r) => r.name === fqdn && r.type === type)
    .flatMap((r) => r.records.map((x) => ("ip" in x ? x.ip : "")));
}

/**
 * Stack config of a program with two explicit providers: `urlA`/`userA`/`keyA` for `simA`,
 * `urlB`/`userB`/`keyB` for `simB` (the keys secret).
 */
export function twoAccountsConfig(simA: Simulator, simB: Simulator): { key: string; value: string; secret?: boolean }[] {
  return [
    { key: "urlA", value: simA.url },
    { key: "userA", value: simA.apiUser },
    { key: "keyA", value: simA.apiKey, secret: true },
    { key: "urlB", value: simB.url },
    { key: "userB", value: simB.apiUser },
    { key: "keyB", value: simB.apiKey, secret: true },
  ];
}

/**
 * `run` (never throws) and `ok` (throws on a non-zero exit, showing the output) for `pulumi`
 * commands of a stack, each adding what the command printed to `printed`.
 */
export function printingCommands(printed: string[]): {
  run(stack: CliStack, args: string[]): Promise<CliResult>;
  ok(stack: CliStack, args: string[]): Promise<CliResult>;
} {
  const run = async (stack: CliStack, args: string[]): Promise<CliResult> => {
    const result = await stack.run(args);
    printed.push(result.stdout, result.stderr);
    return result;
  };
  return {
    run,
    async ok(stack, args) {
      const result = await run(stack, args);
      if (result.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
      return result;
    },
  };
}

/** The plugin's resources of a deployment (`reseller:index:*`, not pending deletion) by logical name. */
export function nativeResources(deployment: Deployment): Map<string, ExportedResource> {
  const named = new Map<string, ExportedResource>();
  for (const r of deployment.deployment.resources ?? []) {
    if (r.type.startsWith("reseller:index:") && !r.delete) named.set(r.urn.slice(r.urn.lastIndexOf("::") + 2), r);
  }
  return named;
}

/**
 * Replaces the live records of `fqdn` behind the stack's back, and expects
 * `preview --refresh --expect-no-changes` to exit 7 (changes found, since CLI 3.226) with an
 * update of the record set `www` and none of the FTP account `ftp`.
 */
export async function expectRecordSetDrift(
  run: (stack: CliStack, args: string[]) => Promise<CliResult>,
  stack: CliStack,
  sim: Simulator,
  fqdn: string,
): Promise<void> {
  sim.store.zones["agency-demo.com"]!.find((r) => r.name === fqdn)!.records = [{ ip: "203.0.113.99" }];
  const drift = await run(stack, ["preview", "--refresh", "--expect-no-changes"]);
  expect(drift.code, drift.stdout + drift.stderr).toBe(7);
  expect(drift.stdout).toMatch(/~\s+reseller:index:DnsRecordSet\s+www\s+update/);
  expect(drift.stdout).not.toMatch(/reseller:index:FtpAccount\s+ftp\s+update/);
}
