/**
 * `reseller <command> --help` fits the terminal: every line within the help width (80 columns
 * when the output is not a terminal, as here), the connection flags' descriptions wrapped under
 * their flags, and the flags a command cannot run without marked as required.
 */
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../src/cli/index";

/** A line may pass the width only when it is one word too long to break (a JSON example). */
function tooWide(help: string, width: number): string[] {
  return help.split("\n").filter((line) => line.length > width && /\s\S+\s/.test(line.trim()));
}

describe("reseller's help", () => {
  it("wraps every command's help to 80 columns", async () => {
    const program = await buildProgram();
    const commands: Command[] = [program, ...program.commands, ...program.commands.flatMap((c) => c.commands)];
    expect(commands.map((c) => c.name())).toEqual([
      "reseller",
      "sim",
      "ping",
      "generate",
      "zone",
      "probe",
      "migrate-state",
      "export",
      "import",
    ]);
    for (const command of commands) {
      const help = command.helpInformation();
      expect(tooWide(help, 80), `reseller ${command.name()} --help`).toEqual([]);
    }
    const ping = program.commands.find((c) => c.name() === "ping")!.helpInformation();
    expect(ping).toContain("  --initial-requests-per-minute <value>\n      Rate a run starts at;");
    expect(ping).toContain("  --api-key <value>\n      API key (X-API-KEY) (environment RESELLER_API_KEY;");
    expect(ping).not.toContain("pulumi config set");
  });

  it("marks the flags migrate-state cannot run without", async () => {
    const program = await buildProgram();
    const help = program.commands.find((c) => c.name() === "migrate-state")!.helpInformation();
    for (const flag of ["--export <file>", "--import-file <file>", "--remove-file <file>"]) {
      const item = help.slice(help.indexOf(flag), help.indexOf("\n  -", help.indexOf(flag) + 1));
      expect(item, flag).toMatch(/\(required\)/);
    }
  });
});
