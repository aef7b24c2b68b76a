/**
 * `reseller sim`: runs the simulator until interrupted, printing what a program needs to reach it.
 */
import type { Command } from "commander";
import { endpoints, type EndpointDef, applyOverride, parseEndpointOverrides, EXIT, say } from "pulumi-hosting-reseller/contract";
import { parseRateLimit, startSimulator, type Simulator, type SimulatorOptions } from "./index";
import { simulatorRoutes, UNKNOWN_ROUTE_STYLES, type UnknownRouteStyle } from "./server";
import type { SimState } from "./state";
import { readFileSync } from "node:fs";

export interface SimCommandOptions {
  port: string;
  host: string;
  seed: string;
  state?: string;
  tls?: boolean;
  latency?: string;
  rateLimit?: string;
  allowIp: string[];
  apiUser?: string;
  apiKey?: string;
  adminToken?: string;
  /** A JSON file of operations served at other routes (the form of `reseller:endpointOverrides`). */
  routes?: string;
  /** One of {@link UNKNOWN_ROUTE_STYLES}. */
  unknownRoute?: string;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

function isUnknownRouteStyle(value: string): value is UnknownRouteStyle {
  return (UNKNOWN_ROUTE_STYLES as readonly string[]).includes(value);
}

/** Turns command-line options into simulator options, refusing what would be unsafe or unclear. */
export function simulatorOptionsFrom(opts: SimCommandOptions): SimulatorOptions {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer from 0 to 65535, got "${opts.port}"`);
  if (!LOOPBACK_HOSTS.has(opts.host)) {
    // The simulator accepts well-known credentials: exposing it beyond this machine is never intended.
    throw new Error(`--host must be a loopback address (127.0.0.1, ::1 or localhost), got "${opts.host}"`);
  }
  let seed: SimulatorOptions["seed"];
  if (opts.seed === "demo" || opts.seed === "empty") seed = opts.seed;
  else {
    try {
      seed = JSON.parse(readFileSync(opts.seed, "utf8")) as SimState;
    } catch (err) {
      throw new Error(`--seed must be "demo", "empty" or a readable JSON seed file: ${(err as Error).message}`, { cause: err });
    }
  }
  const latency = opts.latency === undefined ? undefined : Number(opts.latency);
  if (latency !== undefined && (!Number.isFinite(latency) || latency < 0))
    throw new Error(`--latency must be a number of milliseconds, got "${opts.latency}"`);
  let rateLimit: SimulatorOptions["rateLimit"];
  try {
    rateLimit = parseRateLimit(opts.rateLimit);
  } catch (err) {
    throw new Error(`--rate-limit: ${(err as Error).message}`, { cause: err });
  }
  let routes: SimulatorOptions["routes"];
  if (opts.routes !== undefined) {
    try {
      routes = parseEndpointOverrides(JSON.parse(readFileSync(opts.routes, "utf8")) as unknown);
      // Two operations moved onto one route are refused here, with the file named, rather than
      // by the start that follows.
      simulatorRoutes(routes);
    } catch (err) {
      throw new Error(`--routes ${opts.routes}: ${(err as Error).message}`, { cause: err });
    }
  }
  const unknownRoute = opts.unknownRoute ?? "json-error";
  if (!isUnknownRouteStyle(unknownRoute)) {
    throw new Error(`--unknown-route must be one of ${UNKNOWN_ROUTE_STYLES.join(", ")}, got "${unknownRoute}"`);
  }
  return {
    port,
    host: opts.host === "localhost" ? "127.0.0.1" : opts.host,
    seed,
    statePath: opts.state,
    tls: opts.tls ?? false,
    latencyMs: latency,
    rateLimit,
    allowIps: opts.allowIp,
    apiUser: opts.apiUser,
    apiKey: opts.apiKey,
    adminToken: opts.adminToken,
    routes,
    unknownRoute,
  };
}

/** What each style answers, for the banner. */
const UNKNOWN_ROUTE_ANSWERS: Readonly<Record<UnknownRouteStyle, string>> = {
  "json-error": '404 {"error":"Not Found"}',
  html: "404 with an HTML page",
  empty: "404 with no body",
  method: "405 Method Not Allowed with an Allow header",
};

/** How many operations `sim.routes` serves at another method or path than the endpoint table's. */
function movedCount(sim: Simulator): number {
  const table = endpoints as Record<string, EndpointDef>;
  return Object.entries(sim.routes).filter(([key, route]) => {
    const base = table[key]!;
    const moved = applyOverride(base, route);
    return moved.method !== base.method || moved.path !== base.path;
  }).length;
}

/**
 * The SSH public keys the seed holds, one line each: a program that declares one of them must
 * take it over with `adopt: true` (the takeover check refuses it otherwise), and one that wants a
 * new key must declare another.
 */
function seedSshKeys(sim: Simulator): string[] {
  return Object.entries(sim.store.hostings).flatMap(([id, hosting]) =>
    hosting.sshKeys.map((key) => `  SSH public key of hosting account ${id}: ${key.publicKey}`),
  );
}

/** The lines printed once the simulator listens. */
export function describeSimulator(sim: Simulator): string[] {
  const moved = movedCount(sim);
  return [
    `Simulator listening on ${sim.url}`,
    "A stack's configuration for it (run in the project's directory):",
    `  pulumi config set reseller:apiUrl ${sim.url}`,
    `  pulumi config set reseller:apiUser ${sim.apiUser}`,
    `  pulumi config set --secret reseller:apiKey ${sim.apiKey}`,
    "Or the environment, for `reseller ping`, `reseller generate` and programs without that configuration:",
    `  RESELLER_API_URL=${sim.url}`,
    `  RESELLER_API_USER=${sim.apiUser}`,
    `  RESELLER_API_KEY=${sim.apiKey}`,
    `  admin token (X-Sim-Admin-Token): ${sim.adminToken}`,
    ...seedSshKeys(sim),
    ...(moved > 0
      ? [
          `  routes: ${moved} operation${moved === 1 ? "" : "s"} served at another route than the endpoint table's (--routes); their table routes are unknown`,
        ]
      : []),
    ...(moved > 0 || sim.unknownRoute !== "json-error"
      ? [`  unknown routes (--unknown-route ${sim.unknownRoute}): ${UNKNOWN_ROUTE_ANSWERS[sim.unknownRoute]}`]
      : []),
    ...(sim.rateLimit
      ? [
          `  rate limit: ${sim.rateLimit.requests} requests per ${sim.rateLimit.windowMs / 1000} s per API user (429 with Retry-After past it)`,
        ]
      : []),
    ...(sim.ca ? ["  TLS: self-signed certificate; trust it with reseller:caCert (printed below)", sim.ca.trim()] : []),
    "Press Ctrl+C to stop.",
  ];
}

/**
 * Adds `reseller sim` to `program`, the `reseller` command of pulumi-hosting-reseller, which
 * calls this when the package is installed. The options are made with `program`'s own commander
 * (`createOption`), which may be another copy than this package's.
 *
 * @example
 * registerSimCommand(program);
 */
export function registerSimCommand(program: Command): void {
  const command = program.command("sim");
  command
    .description("run the API simulator on loopback (a stateful twin of the reseller API)")
    .option("--port <port>", "port to listen on (0 picks a free port)", "8787")
    .option("--host <host>", "loopback address to listen on", "127.0.0.1")
    .option("--seed <seed>", 'seed data: "demo", "empty" or a JSON seed file', "demo")
    .option("--state <file>", "persist state to this JSON file and reload it on start")
    .option("--tls", "serve HTTPS with a generated self-signed certificate")
    .option("--latency <ms>", "added latency per request, in milliseconds")
    .option("--rate-limit <n/window>", "answer 429 with Retry-After past n requests per sliding window per API user, e.g. 600/60s, 10/s")
    .option(
      "--allow-ip <address>",
      "allow a caller address besides loopback (repeatable)",
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option("--api-user <user>", "API user the simulator accepts")
    .option("--api-key <key>", "API key the simulator accepts")
    .option("--admin-token <token>", "token for the admin interface (/_sim/*)")
    .option(
      "--routes <file>",
      "JSON file of operations served at other routes than the endpoint table's (the form of reseller:endpointOverrides)",
    )
    .addOption(
      command
        .createOption(
          "--unknown-route <style>",
          "how a route no operation answers is answered: 404 JSON error, 404 HTML page, empty 404, or 405",
        )
        .choices(UNKNOWN_ROUTE_STYLES)
        .default("json-error"),
    )
    .action(async (opts: SimCommandOptions) => {
      const sim = await startSimulator(simulatorOptionsFrom(opts));
      // `reseller sim | head -3` closes the pipe after the URL and credentials: the simulator
      // keeps serving, and what it prints later is dropped (`say`, from the package's src/cli/process.ts).
      for (const line of describeSimulator(sim)) say(process.stdout, `${line}\n`);
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) {
          // A second signal while the server drains its connections: stop waiting.
          process.exit(signal === "SIGINT" ? EXIT.interrupted : EXIT.terminated);
        }
        stopping = true;
        say(process.stdout, `\n${signal}: stopping the simulator${opts.state ? ` and writing ${opts.state}` : ""}\n`);
        try {
          await sim.close();
        } catch (err) {
          say(process.stderr, `reseller sim: could not stop cleanly: ${(err as Error).message}\n`);
          process.exit(EXIT.error);
        }
        // Stopping is how a simulator run ends: a clean stop is a success.
        process.exit(EXIT.ok);
      };
      process.on("SIGINT", () => void stop("SIGINT"));
      process.on("SIGTERM", () => void stop("SIGTERM"));
    });
}
