/**
 * `reseller ping` against the simulator: what it prints and the exit code it gives when the
 * connection works, when the caller's address is not allowed, when the credentials are wrong or
 * missing, and when the API cannot be reached.
 */
import { execFile } from "node:child_process";
import { createServer } from "node:net";
import * as path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addressInMessage, PING_EXIT, runPing } from "../../src/cli/ping";
import { startSimulator, type Simulator } from "../../src/simulator";
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
    expect(lines).toContain("Add 127.0.0.1 to the allowed IP addresses of the reseller API (client area, reseller section), then run ping again.");
  });

  it("exits 2 as a command too, printing 127.0.0.1", async () => {
    const cli = path.join(repositoryRoot, "src/cli/index.ts");
    const env = { ...process.env, RESELLER_API_USER: walled.apiUser, RESELLER_API_KEY: walled.apiKey };
    const result = run(process.execPath, ["--import", "tsx", cli, "ping", "--api-url", walled.url, "--max-attempts", "1"], { cwd: repositoryRoot, env });

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
    expect(lines).toEqual(["reseller ping: Missing API credentials: pass --api-user and --api-key, or set RESELLER_API_USER and RESELLER_API_KEY"]);
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
  const accounts = () => JSON.stringify({ "brand-b": { apiUrl: brandB.url, apiUser: brandB.apiUser, apiKey: brandB.apiKey, maxAttempts: 1 } });

  it("checks the named account of RESELLER_ACCOUNTS rather than the top-level keys", async () => {
    const { code, lines } = await ping({ ...simFlags(sim), account: "brand-b" }, { RESELLER_ACCOUNTS: accounts() });

    expect(code).toBe(PING_EXIT.ok);
    expect(lines[0]).toBe(`Connected to ${brandB.url} (API v4), account "brand-b"`);
    expect(brandB.requests.count("account.getInfo")).toBe(1);
  });

  it("names the account's keys when its credentials are refused, without the key", async () => {
    const wrong = JSON.stringify({ "brand-b": { apiUrl: brandB.url, apiUser: brandB.apiUser, apiKey: "wrong-b-key-1234", maxAttempts: 1 } });
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
});
