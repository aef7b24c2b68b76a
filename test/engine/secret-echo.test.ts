/**
 * Secrets never leave, even when the API echoes them: a `pulumi up` through the real CLI whose
 * creates of an FTP account (its password), a database user (its password), a custom certificate
 * (its private key) and a domain transfer (its EPP code) are each refused by the simulator's
 * `echo` fault, which quotes the whole request body back in the API's error object. The `up`
 * fails, the errors reach the user, and no secret (nor the API key) shows in the CLI's stdout or
 * stderr, in the engine's log files or its log on stderr with verbose logging and the provider's
 * debug log on (`-v=9 --logflow --debug`), in `pulumi stack export`, or in any file of the
 * backend (checkpoints, history, backups).
 *
 * The program gives the secrets as plain strings, as a careless program does: the resources mark
 * them secret themselves. The steps share one stack, so they run in order.
 *
 * One kind of log record is the engine's and shows any resource's inputs whatever its provider
 * does: from `-v=7` the engine writes the inputs it plans with (the default provider's are the
 * stack config, the API key among them), and at `-v=9` each
 * property it marshals for an RPC, secrets in clear (the CLI's documentation on logging says
 * verbose logs may reveal sensitive information, to be audited before sharing). Those records are counted
 * apart, by their fixed opening words, and must exist (so the logs were verbose); every other
 * record, the errors and the provider's own debug log among them, must hold no secret. At `-v=6`,
 * the most verbose level without those dumps, no record at all may hold one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";

import type { Simulator } from "../../packages/simulator/src";
import { generateSelfSigned } from "../../packages/simulator/src/x509";
import {
  CliStack,
  describeEngine,
  engineScenario,
  simulatorConfig,
  STEP_TIMEOUT,
  typescriptProgram,
  type CliResult,
  type Engine,
} from "./harness";

const FTP_PASSWORD = "Echo-Ftp-Pass-2026/q";
const DB_PASSWORD = "Echo-Db-Pass-2026&z";
const EPP_CODE = "Echo-EPP-Transfer-7731";
const PAIR = generateSelfSigned({ commonName: "agency-demo.com", altNames: ["agency-demo.com"] });

/** The creates the program makes, each carrying a secret the echo quotes back. */
const REFUSED = ["ftp.createAccount", "databases.createUser", "ssl.installCustom", "domains.transfer"] as const;

const INDEX = `import { CustomSsl, DatabaseUser, DomainRegistration, FtpAccount } from "pulumi-hosting-reseller";

// Plain strings, as a careless program gives them: the resources make them secret.
new FtpAccount("ftp", { hostingId: 101, domain: "agency-demo.com", user: "echo", path: "/public_html/echo", password: ${JSON.stringify(FTP_PASSWORD)}, createFolder: true });
new DatabaseUser("db-user", { hostingId: 101, name: "agencyde_echo", password: ${JSON.stringify(DB_PASSWORD)} });
new CustomSsl("certificate", { hostingId: 101, domain: "agency-demo.com", certificate: ${JSON.stringify(PAIR.cert)}, privateKey: ${JSON.stringify(PAIR.key)} });
new DomainRegistration("transfer", { domain: "transfer-me.net", eppCode: ${JSON.stringify(EPP_CODE)}, maxPrice: 20 });
`;

let engine: Engine;
let sim: Simulator;
let stack: CliStack;

/**
 * Every way a secret could be written: as it is, inside a JSON string, URL-encoded, and, for a
 * PEM key, each line of its body alone (an error may quote one line) and its body run together.
 * The test's own list, so that it does not share the client's idea of what to look for.
 */
function formsOf(secret: string): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
  if (secret.includes("-----BEGIN")) {
    const body = secret.split("\n").filter((line) => line.length >= 16 && !line.startsWith("-----"));
    forms.push(...body, body.join(""));
  }
  return forms;
}

/** The secrets of the run, by name. */
function secrets(): Record<string, string> {
  return { ftpPassword: FTP_PASSWORD, dbPassword: DB_PASSWORD, privateKey: PAIR.key, eppCode: EPP_CODE, apiKey: sim.apiKey };
}

/** The secrets (by name) that show in `text`, in any of their forms. */
function leaked(text: string): string[] {
  return Object.entries(secrets())
    .filter(([, secret]) => formsOf(secret).some((form) => text.includes(form)))
    .map(([name]) => name);
}

/** Every regular file under `dir`, with its text (the language host leaves named pipes there, which a read would wait on). */
function filesUnder(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    if (stat.isDirectory()) out.push(...filesUnder(file));
    else if (stat.isFile()) out.push({ file, text: readFileSync(file, "utf8") });
  }
  return out;
}

/**
 * The engine's own dumps of a resource's inputs, as the CLI writes them: "Planner decided to
 * create '<urn>' (inputs=...)" (or "not to update", for the default provider, whose inputs are
 * the stack config and so the API key) at `-v=7`, "(Un)marshaling property for RPC[...]" at `-v=9`.
 */
const ENGINE_INPUT_DUMP =
  /^(\{"time":"[^"]*","level":"\w+","msg":"|[IWEF]\d{4} [\d:.]+\s+\d+ \S+\] )(Planner decided (not )?to \w+ '[^']*'.* \(inputs=|(Un)?[Mm]arshaling property for RPC\[)/s;

/** A log's records: a JSON line, or a glog line with the lines that continue it (a multi-line message). */
function recordsOf(log: string): string[] {
  const records: string[] = [];
  for (const line of log.split("\n")) {
    if (records.length === 0 || /^(\{"time"|[IWEF]\d{4} )/.test(line)) records.push(line);
    else records[records.length - 1] += `\n${line}`;
  }
  return records;
}

/**
 * The records of a log, other than the engine's dumps of inputs, that show a secret (as the
 * secret's name and the record's opening, the secrets masked), and how many dumps there are.
 */
function leakedInLog(log: string): { leaked: string[]; dumps: number } {
  const records = recordsOf(log);
  const dumps = records.filter((r) => ENGINE_INPUT_DUMP.test(r));
  const shown = records
    .filter((r) => !ENGINE_INPUT_DUMP.test(r))
    .flatMap((r) =>
      leaked(r).map(
        (name) =>
          `${name}: ${Object.values(secrets())
            .flatMap(formsOf)
            .reduce((text, form) => text.split(form).join("<secret>"), r)
            .slice(0, 300)}`,
      ),
    );
  return { leaked: shown, dumps: dumps.length };
}

/**
 * Arms the echo on each create of the program, once each (a refused create is not sent again).
 * The `up`s run with `--continue-on-error`: the engine otherwise starts no step after the first
 * failure, and the creates whose checks read the API first (decision 0045) may come after it.
 */
function armEcho(): void {
  sim.faults.clear();
  sim.requests.clear();
  for (const operation of REFUSED) sim.faults.add({ operation, kind: "echo" });
}

/**
 * What every failed `up` must show: each refused create's error, with the echo redacted (so the
 * echo did reach the user, and the test is not looking at an output that never held the request),
 * each create sent once, and nothing made.
 */
function expectRefused(result: CliResult): void {
  const output = result.stdout + result.stderr;
  expect(result.code, output).not.toBe(0);
  for (const operation of REFUSED) {
    expect(sim.requests.count(operation), operation).toBe(1);
    expect(output, operation).toMatch(
      new RegExp(`${operation.replace(".", "\\.")} failed with HTTP 400: Invalid request: \\{[^\\n]*\\[REDACTED\\]`),
    );
  }
  expect(sim.faults.list()).toEqual([]);
  const hosting = sim.store.hostings["101"]!;
  expect(hosting.ftpAccounts.some((a) => a.username === "echo@agency-demo.com")).toBe(false);
  expect(sim.store.domains["transfer-me.net"]).toBeUndefined();
}

describeEngine("a pulumi up whose creates are refused with an echo of each request", () => {
  engineScenario("secret-echo", async (started) => {
    ({ engine, sim } = started);
    stack = new CliStack(engine, typescriptProgram(engine, "secret-echo", INDEX), "dev");
    await stack.init(simulatorConfig(sim));
    return stack;
  });

  it(
    "shows each refusal with the echo redacted, and no secret in the CLI's output or the engine's log files, with verbose and debug logging on",
    async () => {
      // The engine writes its log files to the temporary directory (glog's default log_dir).
      const logDir = path.join(engine.root, "logs");
      await engine.bash(`mkdir -p ${JSON.stringify(logDir)}`, { cwd: engine.root });
      armEcho();
      const up = await stack.run(["up", "--yes", "--skip-preview", "--continue-on-error", "--debug", "-v=9", "--logflow"], {
        TMPDIR: logDir,
      });
      expectRefused(up);
      expect(leaked(up.stdout), "stdout").toEqual([]);
      expect(leaked(up.stderr), "stderr").toEqual([]);

      const logs = filesUnder(logDir).filter((f) => /^pulumi/.test(path.basename(f.file)));
      expect(logs.length, "the engine's log files").toBeGreaterThan(0);
      const all = logs.map((f) => f.text).join("\n");
      // The logs are verbose, and hold the provider's debug log and the refusals.
      expect(all).toMatch(/reseller: ftp\.createAccount uses API v4 /);
      expect(all).toMatch(/v4\.domains\.transfer failed with HTTP 400: Invalid request: .*\[REDACTED\]/);
      expect(leakedInLog(all).dumps, "the engine's dumps of inputs").toBeGreaterThan(0);
      for (const { file, text } of logs) expect(leakedInLog(text).leaked, path.basename(file)).toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "shows no secret in the engine's log on stderr with verbose and debug logging on",
    async () => {
      armEcho();
      const up = await stack.run(["up", "--yes", "--skip-preview", "--continue-on-error", "--debug", "--logtostderr", "-v=9", "--logflow"]);
      expectRefused(up);
      // The log is there: the engine's verbose records and the provider's debug log.
      expect(up.stderr).toMatch(/reseller: databases\.createUser uses API v4 /);
      const log = leakedInLog(up.stderr);
      expect(log.dumps, "the engine's dumps of inputs").toBeGreaterThan(0);
      expect(log.leaked, "stderr").toEqual([]);
      expect(leaked(up.stdout), "stdout").toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "shows no secret at all in the engine's log on stderr below the level at which the engine dumps inputs, debug logging on",
    async () => {
      armEcho();
      const up = await stack.run(["up", "--yes", "--skip-preview", "--continue-on-error", "--debug", "--logtostderr", "-v=6", "--logflow"]);
      expectRefused(up);
      expect(up.stderr).toMatch(/reseller: databases\.createUser uses API v4 /);
      // No record is set apart here: below -v=7 the engine writes no inputs of its own.
      expect(leakedInLog(up.stderr).dumps).toBe(0);
      expect(leaked(up.stderr), "stderr").toEqual([]);
      expect(leaked(up.stdout), "stdout").toEqual([]);
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps every secret out of pulumi stack export and every file of the backend",
    async () => {
      const exported = await stack.run(["stack", "export"]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(JSON.parse(exported.stdout)).toHaveProperty("deployment");
      expect(leaked(exported.stdout)).toEqual([]);
      const files = filesUnder(engine.backend);
      expect(files.some((f) => f.file.includes(`${path.sep}stacks${path.sep}`))).toBe(true);
      for (const { file, text } of files) expect(leaked(text), path.relative(engine.backend, file)).toEqual([]);
    },
    STEP_TIMEOUT,
  );
});
