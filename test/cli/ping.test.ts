/**
 * `reseller ping` against the simulator: what it prints and the exit code it gives when the
 * connection works, when the caller's address is not allowed, when the credentials are wrong or
 * missing, when the API cannot be reached, and when the route it checks beyond the connection
 * (an inferred one where the version has one) is missing.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  addressInMessage,
  pickRouteCheck,
  PING_EXIT,
  probeCommand,
  runPing,
  STACK_CONFIG_HINT,
  unverifiedRoutes,
} from "../../src/cli/ping";
import { endpointsOf, type EndpointDef } from "../../src/client/endpoint";
import { endpoints, operations } from "../../src/client/endpoints";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { repositoryRoot, simFlags } from "./helpers";

const run = promisify(execFile);

let sim: Simulator;
let walled: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: "demo" });
  walled = await startSimulator({ seed: "demo", allowLoopback: false });
});

afterAll(async () => {
  await sim?.close();
  await walled?.close();
});

async function ping(flags: Record<string, string>, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runPing(flags, (line) => lines.push(line), env);
  return { code, lines };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("reseller ping", () => {
  it("prints the API version, the URL and the credit, and exits 0 when the API accepts the caller", async () => {
    const { code, lines } = await ping(simFlags(sim));

    expect(code).toBe(PING_EXIT.ok);
    expect(lines[0]).toBe(`Connected to ${sim.url} (API v4)`);
    expect(lines).toContain("  credit: 1000 USD");
  });

  it("shows the address to allow, taken from the API's message, and exits 2 when the caller's IP is not allowed", async () => {
    const { code, lines } = await ping(simFlags(walled, "v3"));

    expect(code).toBe(PING_EXIT.ipNotAllowed);
    expect(lines).toContain(
      "Add 127.0.0.1 to the allowed IP addresses of the reseller API (client area, reseller section), then run ping again.",
    );
  });

  it("exits 2 as a command too, printing 127.0.0.1", async () => {
    const cli = path.join(repositoryRoot, "src/cli/index.ts");
    const env = { ...process.env, RESELLER_API_USER: walled.apiUser, RESELLER_API_KEY: walled.apiKey };
    const result = run(process.execPath, ["--import", "tsx", cli, "ping", "--api-url", walled.url, "--max-attempts", "1"], {
      cwd: repositoryRoot,
      env,
    });

    await expect(result).rejects.toMatchObject({ code: 2, stdout: expect.stringContaining("Add 127.0.0.1 to the allowed IP addresses") });
  }, 20_000);

  it("names the keys and environment variables to check, and exits 3, when the credentials are refused", async () => {
    const { code, lines } = await ping({ ...simFlags(sim), apiKey: "wrong-key-0000" });

    expect(code).toBe(PING_EXIT.authentication);
    expect(lines.join("\n")).toContain("check --api-user / RESELLER_API_USER and --api-key / RESELLER_API_KEY");
    expect(lines.join("\n")).not.toContain("wrong-key-0000");
  });

  it("exits 3 when no credentials are given at all", async () => {
    const { code, lines } = await ping({ apiUrl: sim.url });

    expect(code).toBe(PING_EXIT.authentication);
    expect(lines).toEqual([
      "reseller ping: Missing API credentials: pass --api-user and --api-key, or set RESELLER_API_USER and RESELLER_API_KEY",
    ]);
  });

  it("takes the credentials from the environment when no flag gives them", async () => {
    const { code } = await ping({ apiUrl: sim.url, maxAttempts: "1" }, { RESELLER_API_USER: sim.apiUser, RESELLER_API_KEY: sim.apiKey });

    expect(code).toBe(PING_EXIT.ok);
  });

  it("exits 4 when nothing answers at the API URL", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const { code, lines } = await ping({ ...simFlags(sim), apiUrl: url });

    expect(code).toBe(PING_EXIT.transport);
    expect(lines[0]).toContain(`reseller ping: could not reach ${url}`);
  });
});

describe("reseller ping's route check", () => {
  it("calls the inferred World accounts listing on v4, says it answered, and counts the inferred routes with the probe command", async () => {
    const before = sim.requests.count("hosting.listWorldAccounts");
    const { code, lines } = await ping(simFlags(sim));

    expect(code).toBe(PING_EXIT.ok);
    expect(sim.requests.count("hosting.listWorldAccounts")).toBe(before + 1);
    expect(lines).toContain("  route hosting.listWorldAccounts (GET /v4/the-world/info, inferred): answered");
    const { inferred, total } = unverifiedRoutes("v4");
    expect(lines.at(-1)).toBe(
      `  ${inferred} of ${total} v4 routes are inferred, not yet seen answering: run \`reseller probe --api-user ${sim.apiUser} --api-key "$RESELLER_API_KEY" --api-url ${sim.url} --api-version v4 --max-attempts 1\` to check the read ones against this account.`,
    );
    expect(lines.join("\n")).not.toContain(sim.apiKey);
  });

  it("checks a confirmed route on v3, saying no inferred v3 read route can be called without parameters", async () => {
    const { code, lines } = await ping(simFlags(sim, "v3"));

    expect(code).toBe(PING_EXIT.ok);
    expect(lines).toContain(
      "  route hosting.listWorldAccounts (GET /v3/the-world/info, confirmed): answered (no inferred v3 read route can be called without parameters)",
    );
    expect(lines.at(-1)).toMatch(/^ {2}\d+ of \d+ v3 routes are inferred, not yet seen answering: run `reseller probe .*--api-version v3/);
  });

  it("checks a confirmed route on v2 and says none of its routes is inferred", async () => {
    const { code, lines } = await ping(simFlags(sim, "v2"));

    expect(code).toBe(PING_EXIT.ok);
    expect(lines).toContain(
      "  route hosting.listWorldAccounts (GET /world-api/get-accounts, confirmed): answered (no v2 route is inferred)",
    );
    expect(lines.at(-1)).toMatch(/^ {2}none of the \d+ v2 routes is inferred; `reseller probe /);
  });

  it("names the missing route and reseller probe, and exits 5, when the API has no route where the table puts the checked one", async () => {
    const overrides = JSON.stringify({ "hosting.listWorldAccounts": { v4: { path: "/v4/no-such/info" } } });
    const { code, lines } = await ping(
      { apiUrl: sim.url, apiUser: sim.apiUser, maxAttempts: "1", endpointOverrides: overrides },
      { RESELLER_API_KEY: sim.apiKey },
    );

    expect(code).toBe(PING_EXIT.routeMissing);
    expect(lines[0]).toBe(`Connected to ${sim.url} (API v4)`);
    expect(lines.at(-2)).toBe(
      "reseller ping: the API has no route for hosting.listWorldAccounts (GET /v4/no-such/info, set by reseller:endpointOverrides): it answered 404.",
    );
    expect(lines.at(-1)).toContain(
      `Run \`reseller probe --api-user ${sim.apiUser} --api-url ${sim.url} --max-attempts 1 --endpoint-overrides '${overrides}'\``,
    );
    expect(lines.join("\n")).not.toContain(sim.apiKey);
  });

  it("keeps exit 4 when the connection drops on the checked route after the connection checks passed", async () => {
    sim.faults.add({ operation: "hosting.listWorldAccounts", kind: "drop" });
    try {
      const { code, lines } = await ping(simFlags(sim));

      expect(code).toBe(PING_EXIT.transport);
      expect(lines[0]).toBe(`Connected to ${sim.url} (API v4)`);
      expect(lines.at(-2)).toContain(`reseller ping: could not reach ${sim.url}`);
    } finally {
      sim.faults.clear();
    }
  });

  it("names the route and reseller probe, and exits 1, when the checked route fails otherwise", async () => {
    sim.faults.add({ operation: "hosting.listWorldAccounts", kind: "status", status: 500 });
    try {
      const { code, lines } = await ping(simFlags(sim));

      expect(code).toBe(PING_EXIT.other);
      expect(lines.at(-2)).toMatch(
        /^reseller ping: hosting\.listWorldAccounts \(GET \/v4\/the-world\/info, inferred\) did not answer as the table expects: /,
      );
      expect(lines.at(-1)).toContain("Run `reseller probe --api-user");
    } finally {
      sim.faults.clear();
    }
  });
});

describe("pickRouteCheck", () => {
  const table = endpoints as Record<string, EndpointDef>;
  const without = (prefix: string) => Object.fromEntries(Object.entries(table).filter(([k]) => !k.startsWith(prefix)));

  it("prefers an inferred route outside the account area, and takes an account one when no other is inferred", () => {
    expect(pickRouteCheck("v4")?.entry.key).toBe("v4.hosting.listWorldAccounts");
    expect(pickRouteCheck("v4", without("v4.hosting."))).toMatchObject({ entry: { key: "v4.account.getTldPricing" } });
    expect(pickRouteCheck("v4", without("v4.hosting."))?.fallback).toBeUndefined();
  });

  it("moves on from a route once a probe recording makes it observed", () => {
    const observed = endpointsOf(operations, { "v4.hosting.listWorldAccounts": "2026-11-27" }) as Record<string, EndpointDef>;

    expect(pickRouteCheck("v4", observed)?.entry.key).toBe("v4.hosting.listAccounts");
    expect(unverifiedRoutes("v4", observed).inferred).toBe(unverifiedRoutes("v4").inferred - 1);
  });

  it("finds nothing to check in a version whose read routes all take parameters", () => {
    const reads = Object.fromEntries(
      Object.entries(table).filter(
        ([k, e]) => !k.startsWith("v2.") || !e.request.safeParse({}).success || e.id.startsWith("account.hello"),
      ),
    );
    expect(pickRouteCheck("v2", reads)).toBeUndefined();
  });
});

describe("probeCommand", () => {
  it("repeats the connection flags given, naming the environment variable of a secret instead of its value", () => {
    const command = probeCommand({
      apiUser: "u-1",
      apiKey: "k-secret-123",
      accounts: '{"b":{"apiKey":"k-b"}}',
      apiVersion: "v3",
      account: "b",
    });

    expect(command).toBe(
      `reseller probe --api-user u-1 --api-key "$RESELLER_API_KEY" --api-version v3 --accounts "$RESELLER_ACCOUNTS" --account b`,
    );
  });

  it("quotes a value the shell would split", () => {
    expect(probeCommand({ endpointOverrides: `{"a": "it's"}` })).toBe(`reseller probe --endpoint-overrides '{"a": "it'\\''s"}'`);
  });
});

describe("addressInMessage", () => {
  it("finds the IPv4 or IPv6 address an allow-list message names, and nothing in a message without one", () => {
    expect(addressInMessage("The reseller account has not whitelisted the IP address 203.0.113.7.")).toBe("203.0.113.7");
    expect(addressInMessage("IP (2001:db8::7) is not whitelisted")).toBe("2001:db8::7");
    expect(addressInMessage("Your address is not whitelisted")).toBeUndefined();
  });
});

describe("reseller ping --account", () => {
  let brandB: Simulator;
  beforeAll(async () => {
    brandB = await startSimulator({ seed: "demo", apiUser: "brand-b-user", apiKey: "brand-b-key-77a0" });
  });
  afterAll(async () => {
    await brandB?.close();
  });
  const accounts = () =>
    JSON.stringify({ "brand-b": { apiUrl: brandB.url, apiUser: brandB.apiUser, apiKey: brandB.apiKey, maxAttempts: 1 } });

  it("checks the named account of RESELLER_ACCOUNTS rather than the top-level keys", async () => {
    const { code, lines } = await ping({ ...simFlags(sim), account: "brand-b" }, { RESELLER_ACCOUNTS: accounts() });

    expect(code).toBe(PING_EXIT.ok);
    expect(lines[0]).toBe(`Connected to ${brandB.url} (API v4), account "brand-b"`);
    expect(brandB.requests.count("account.getInfo")).toBe(1);
  });

  it("names the account's keys when its credentials are refused, without the key", async () => {
    const wrong = JSON.stringify({
      "brand-b": { apiUrl: brandB.url, apiUser: brandB.apiUser, apiKey: "wrong-b-key-1234", maxAttempts: 1 },
    });
    const { code, lines } = await ping({ account: "brand-b", accounts: wrong });

    expect(code).toBe(PING_EXIT.authentication);
    expect(lines.join("\n")).toContain("check reseller:accounts.brand-b.apiUser and reseller:accounts.brand-b.apiKey");
    expect(lines.join("\n")).not.toContain("wrong-b-key-1234");
  });

  it("exits 3 naming the keys to set for an account that is not configured", async () => {
    const { code, lines } = await ping({ ...simFlags(sim), account: "brand-c" }, { RESELLER_ACCOUNTS: accounts() });

    expect(code).toBe(PING_EXIT.authentication);
    expect(lines[0]).toContain('reseller ping: Account "brand-c" is not configured');
    expect(lines[0]).toContain("'reseller:accounts.brand-c.apiKey'");
  });

  it("says in a Pulumi project's directory that it does not read the stack's configuration, and how to pass it on", async () => {
    const project = mkdtempSync(path.join(tmpdir(), "ping-project-"));
    try {
      writeFileSync(path.join(project, "Pulumi.yaml"), "name: site\nruntime: nodejs\n");
      const lines: string[] = [];
      const code = await runPing({}, (line) => lines.push(line), {}, project);
      expect(code).toBe(PING_EXIT.authentication);
      expect(lines).toEqual([expect.stringMatching(/^reseller ping: Missing API credentials/), STACK_CONFIG_HINT]);
      expect(STACK_CONFIG_HINT).toContain("RESELLER_API_KEY=$(pulumi config get reseller:apiKey)");

      const elsewhere: string[] = [];
      await runPing({}, (line) => elsewhere.push(line), {}, tmpdir());
      expect(elsewhere).toHaveLength(1);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
