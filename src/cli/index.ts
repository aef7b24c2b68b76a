#!/usr/bin/env node
/**
 * The `reseller` command.
 *
 * @example
 * npx reseller sim --port 0 --seed demo
 */
import { Command } from "commander";
import { registerSimCommand } from "./sim";
import { registerPingCommand } from "./ping";
import { registerGenerateCommand } from "./generate";
import { registerMigrateStateCommand } from "./migrate-state";

/**
 * The `reseller` command with its subcommands (`sim`, `ping`, `generate`, `migrate-state`).
 *
 * @example
 * await buildProgram().parseAsync(["node", "reseller", "ping"]);
 */
export function buildProgram(): Command {
  const { version } = require("../../package.json") as { version: string };
  const program = new Command("reseller")
    .description("Tools for pulumi-hosting-reseller: the API simulator and account utilities")
    .version(version);
  registerSimCommand(program);
  registerPingCommand(program);
  registerGenerateCommand(program);
  registerMigrateStateCommand(program);
  return program;
}

if (require.main === module) {
  buildProgram()
    .parseAsync(process.argv)
    .catch((err: unknown) => {
      process.stderr.write(`reseller: ${(err as Error).message}\n`);
      process.exit(1);
    });
}
