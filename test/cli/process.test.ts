/**
 * The built `reseller` command as a process: a closed standard output (`| head -3`) and
 * SIGINT/SIGTERM end it cleanly, with the exit codes docs/cli.md gives and no stack trace.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { EXIT } from "../../src/cli/process";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { builtCli } from "../e2e/package";

let cli: string;
let scratch: string;

beforeAll(async () => {
  cli = await builtCli();
  scratch = mkdtempSync(path.join(tmpdir(), "reseller-process-"));
}, 600_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts `reseller args...`, with no reseller settings of the machine. */
function start(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("RESELLER_"))) as Record<string, string>;
  return spawn(process.execPath, [cli, ...args], { env: { ...base, ...env }, stdio: ["pipe", "pipe", "pipe"] });
}

function ended(child: ChildProcessWithoutNullStreams): Promise<Ended> {
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal, stderr })));
}

/** Reads standard output until `lines` lines have arrived, then closes the pipe, as `head` does. */
function headThenClose(child: ChildProcessWithoutNullStreams, lines: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const got = text.split("\n");
      if (got.length > lines) {
        child.stdout.off("data", onData);
        child.stdout.destroy();
        resolve(got.slice(0, lines));
      }
    };
    child.stdout.on("data", onData);
    child.on("close", () => reject(new Error(`the process ended before printing ${lines} lines: ${text}`)));
  });
}

describe("reseller sim as a process", () => {
  it("keeps serving after its output closes, then stops on SIGINT with exit code 0 and no EPIPE", async () => {
    const child = start(["sim", "--port", "0", "--seed", "empty"]);
    const done = ended(child);
    const [listening] = await headThenClose(child, 3);
    const url = /Simulator listening on (\S+)/.exec(listening ?? "")?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // Still serving with no one reading its output: any HTTP answer will do.
    const answer = await fetch(`${url}/v4/hello`);
    expect(answer.status).toBeGreaterThan(0);

    child.kill("SIGINT");
    const result = await done;
    expect(result).toEqual({ code: EXIT.ok, signal: null, stderr: "" });
    await expect(fetch(`${url}/v4/hello`)).rejects.toThrow();
  });

  it("writes its state file and exits 0 on SIGTERM", async () => {
    const state = path.join(scratch, "sim-state.json");
    const child = start(["sim", "--port", "0", "--seed", "demo", "--state", state]);
    const done = ended(child);
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    await expect.poll(() => out, { timeout: 20_000 }).toContain("Press Ctrl+C to stop.");

    child.kill("SIGTERM");
    const result = await done;
    expect(result).toEqual({ code: EXIT.ok, signal: null, stderr: "" });
    expect(out).toContain(`SIGTERM: stopping the simulator and writing ${state}`);
    expect(Object.keys(JSON.parse(readFileSync(state, "utf8")) as object).length).toBeGreaterThan(0);
  });
});

describe("reseller ping and generate as processes", () => {
  let sim: Simulator;
  /** An API that accepts connections and never answers: a command waiting on it can be interrupted. */
  let silent: Server;
  const connected: Socket[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ seed: "demo" });
    silent = createServer((socket) => connected.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    await sim?.close();
    for (const socket of connected) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  const connection = (url: string) => ({ RESELLER_API_URL: url, RESELLER_API_USER: sim.apiUser, RESELLER_API_KEY: sim.apiKey });

  it("end quietly with exit code 0 when standard output closes, as `reseller generate | head -3`", async () => {
    const child = start(["generate"], connection(sim.url));
    const done = ended(child);
    const head = await headThenClose(child, 3);
    expect(head.join("\n")).toContain("reseller generate");
    const result = await done;
    expect(result.code).toBe(EXIT.ok);
    expect(result.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
  });

  it("exit 130 on SIGINT and 143 on SIGTERM while waiting for the API, without a stack trace", async () => {
    const { port } = silent.address() as AddressInfo;
    for (const [signal, code] of [
      ["SIGINT", EXIT.interrupted],
      ["SIGTERM", EXIT.terminated],
    ] as const) {
      const before = connected.length;
      const child = start(["ping"], connection(`http://127.0.0.1:${port}`));
      const done = ended(child);
      await expect.poll(() => connected.length, { timeout: 20_000 }).toBeGreaterThan(before);
      child.kill(signal);
      expect(await done).toEqual({ code, signal: null, stderr: "" });
    }
  });
});
