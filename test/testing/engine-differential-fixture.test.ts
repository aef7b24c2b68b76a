/**
 * The differential test for what this package's resources cannot show: an update that fails
 * partially (none of the resources reports a partial update), with the fixture provider of
 * `fixture.ts`, through the engine double and through the real Pulumi CLI. Skipped without a
 * CLI; with `REQUIRE_PULUMI_CLI=1` a missing CLI fails.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

import { createTestStack, type PulumiProgram } from "../../packages/testing/src";
import { compareEngines, describeDifferential, pulumiCli, type ScenarioStep } from "./differential";
import { createProgramDirectory, type ProgramDirectory } from "./fixture";

let fixture: ProgramDirectory;

beforeAll(() => {
  fixture = createProgramDirectory();
});

afterAll(() => fixture.remove());

/** Up, an update that fails partially, the up that converges, destroy. */
function partialUpdate(): ScenarioStep<string>[] {
  const settings = { value: "1", failInit: false };
  const program: PulumiProgram = () => {
    new fixture.Item("svc", { key: "s", value: settings.value, failInit: settings.failInit });
  };
  return [
    { title: "up", operation: "up", program, expect: { steps: { svc: "create" }, state: { svc: "s-1" } } },
    {
      title: "an update that fails partially keeps the old inputs with the new outputs",
      operation: "up",
      before: () => void Object.assign(settings, { value: "2", failInit: true }),
      expect: {
        succeeded: false,
        failed: ["svc"],
        initFailures: ["svc"],
        state: { svc: "s-1 init errors" },
        inputs: { svc: expect.objectContaining({ value: "1" }) },
        store: { "s-1": expect.objectContaining({ value: "2" }) },
      },
    },
    {
      title: "the next up updates again and converges",
      operation: "up",
      before: () => void Object.assign(settings, { failInit: false }),
      expect: { succeeded: true, steps: { svc: "update" }, state: { svc: "s-1" } },
    },
    { title: "no-change up", operation: "up", expect: { steps: { svc: "same" } } },
    { title: "destroy", operation: "destroy", expect: { succeeded: true, state: {} } },
  ];
}

describeDifferential("the engine double against the real engine, with a provider that fails partially", () => {
  it(
    "keeps a partially failed update and converges alike",
    () =>
      compareEngines({
        service: async () => fixture.newStoreFile(),
        stack: (engine, storeFile, program) =>
          createTestStack({
            engine,
            pulumiCli: pulumiCli?.dir,
            workDir: fixture.dir,
            project: "fixtureproj",
            stack: engine,
            config: { "fixture:storeFile": storeFile },
            program,
          }),
        store: (storeFile) => fixture.readStore(storeFile).objects,
        close: async () => undefined,
        steps: partialUpdate,
      }),
    300_000,
  );
});
