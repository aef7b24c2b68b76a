#!/usr/bin/env node
/**
 * The `reseller` command.
 *
 * @example
 * npx reseller sim --port 0 --seed demo
 */
import { Command } from "commander";
import { registerPingCommand } from "./ping";
import { registerGenerateCommand } from "./generate";
import { registerProbeCommand } from "./probe";
import { registerMigrateStateCommand } from "./migrate-state";
import { registerZoneCommand } from "./zone";
import { wrapHelp } from "./help";
import { EXIT, exitOnSignals, handleClosedOutput, say } from "./process";
import { missingPackage, optionalModule } from "../util/optional";

/**
 * The `reseller` command with its subcommands (`sim`, `ping`, `generate`, `zone`, `probe`, `migrate-state`).
 *
 * @example
 * await (await buildProgram()).parseAsync(["node", "reseller", "ping"]);
 */
export async function buildProgram(): Promise<Command> {
  const { version } = require("../../package.json") as { version: string };
  const program = wrapHelp(new Command("reseller"))
    .description("Tools for pulumi-hosting-reseller: the API simulator and account utilities")
    .version(version);
  await registerSimCommand(program);
  registerPingCommand(program);
  registerGenerateCommand(program);
  registerZoneCommand(program);
  registerProbeCommand(program);
  registerMigrateStateCommand(program);
  return program;
}

/** What `reseller` uses of the simulator package's `./cli`. */
interface SimulatorCli {
  registerSimCommand(program: Command): void;
}

/**
 * `reseller sim` is the simulator package's (docs/decisions/0037): registered from it when it is
 * installed; otherwise the command is listed and says which package to install.
 */
async function registerSimCommand(program: Command): Promise<void> {
  const simulator = await optionalModule<SimulatorCli>("@pulumi-hosting-reseller/simulator", "@pulumi-hosting-reseller/simulator/cli");
  if (simulator) return simulator.registerSimCommand(program);
  program
    .command("sim")
    .description("run the API simulator on loopback (needs @pulumi-hosting-reseller/simulator)")
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new Error(missingPackage("@pulumi-hosting-reseller/simulator", "reseller sim"));
    });
}

/**
 * Runs the command line: `reseller sim` keeps serving when its output closes and handles its own
 * signals (it closes its server first); every other command ends quietly on a closed output and
 * on SIGINT or SIGTERM, with the exit codes of {@link EXIT}.
 *
 * @example
 * void main(process.argv);
 */
export async function main(argv: readonly string[]): Promise<void> {
  let command = "";
  handleClosedOutput(() => (command === "sim" ? "keep-running" : "exit"));
  const program = (await buildProgram()).hook("preAction", (_program, action) => {
    command = action.name();
    if (command !== "sim") exitOnSignals();
  });
  try {
    await program.parseAsync([...argv]);
  } catch (err) {
    say(process.stderr, `reseller: ${(err as Error).message}\n`);
    process.exit(EXIT.error);
  }
}

if (require.main === module) void main(process.argv);
