/**
 * Runs the examples' TypeScript as it stands in the repository, before any build: `tsx` compiles
 * it on the fly and resolves `pulumi-hosting-reseller` through the `paths` of
 * `examples/tsconfig.json` to `src/`. The loader is namespaced, so it sees its own copy of every
 * module, `@pulumi/pulumi` included: the mocks must be installed on that copy
 * ({@link ExampleLoader.pulumi}), not on the one the test file imports.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

import type * as PulumiModule from "@pulumi/pulumi";

/**
 * The repository's `examples/` folder.
 *
 * @example
 * readYaml(path.join(examplesDir, "hosting-site", "Pulumi.yaml"));
 */
export const examplesDir = path.resolve(__dirname, "../../examples");

/**
 * A registration the program made, as the mocks saw it.
 *
 * @example
 * registrations.map((r: Registration) => r.type);
 */
export interface Registration {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

/**
 * Loads example modules and runs them under `pulumi.runtime.setMocks`.
 *
 * @example
 * const loader = exampleLoader();
 * const { registrations } = await loader.run({ project: "multi-env", stack: "dev", config }, () => loader.fresh("multi-env/index.ts"));
 */
export interface ExampleLoader {
  pulumi: typeof PulumiModule;
  /** Loads a module of `examples/` (cached, like `require`). */
  load(relativePath: string): unknown;
  /** Loads a module of `examples/` anew, running its top-level code again. */
  fresh(relativePath: string): unknown;
  /**
   * Runs `program` under mocks with the given stack config, waits for every output it returns
   * (or exports) and hands back the registrations, in order.
   */
  run(
    stack: { project: string; stack: string; config: Record<string, unknown>; secretKeys?: string[] },
    program: () => unknown,
  ): Promise<{ registrations: Registration[]; outputs: Record<string, unknown> }>;
}

let loader: ExampleLoader | undefined;

/**
 * The loader for this test process.
 *
 * @example
 * const { pulumi } = exampleLoader();
 */
export function exampleLoader(): ExampleLoader {
  if (loader) return loader;
  // tsx reads the tsconfig named here when its loader starts: the examples' one maps the
  // package name to the sources.
  process.env.TSX_TSCONFIG_PATH = path.join(examplesDir, "tsconfig.json");
  const { register } = createRequire(__filename)("tsx/cjs/api") as typeof import("tsx/cjs/api");
  const api = register({ namespace: "examples" });
  const fromFile = path.join(examplesDir, "loader.js");
  const load = (relativePath: string): unknown => api.require(`./${relativePath}`, fromFile);
  const pulumi = api.require("@pulumi/pulumi", fromFile) as typeof PulumiModule;

  const fresh = (relativePath: string): unknown => {
    const file = path.join(examplesDir, relativePath);
    for (const key of Object.keys(require.cache)) if (key.split("?")[0] === file) delete require.cache[key];
    return load(relativePath);
  };

  const run: ExampleLoader["run"] = async (stack, program) => {
    const registrations: Registration[] = [];
    await pulumi.runtime.setMocks(
      {
        newResource(args) {
          registrations.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown> });
          return { id: `${args.name}-id`, state: args.inputs as Record<string, unknown> };
        },
        call(args) {
          throw new Error(`the examples call no provider function, but ${args.token} was called`);
        },
      },
      stack.project,
      stack.stack,
      false,
    );
    const config = Object.fromEntries(
      Object.entries(stack.config).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
    );
    pulumi.runtime.setAllConfig(config, stack.secretKeys ?? []);
    try {
      let returned: Record<string, unknown> | undefined;
      try {
        returned = (await program()) as Record<string, unknown> | undefined;
      } catch (error) {
        // Rethrown without the original frames: they point into tsx's compiled output, whose
        // inline source maps the test reporter cannot read.
        if (error instanceof Error) error.stack = `${error.name}: ${error.message}`;
        throw new Error(`${stack.project} (${stack.stack}) failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      const exported = Object.fromEntries(Object.entries(returned ?? {}).filter(([, value]) => typeof value !== "function"));
      const outputs = await new Promise<Record<string, unknown>>((resolve) =>
        pulumi.output(exported).apply((all) => resolve(all as Record<string, unknown>)),
      );
      // What the language host waits for before it reports the program done (exported at run
      // time, internal in the typings): every registration has been answered.
      await (pulumi.runtime as unknown as { waitForRPCs(): Promise<void> }).waitForRPCs();
      return { registrations, outputs };
    } finally {
      pulumi.runtime.setAllConfig({}, []);
    }
  };

  loader = { pulumi, load, fresh, run };
  return loader;
}

/**
 * Reads a stack's config file (`Pulumi.<stack>.yaml`) of an example with the YAML parser
 * `@pulumi/pulumi` itself depends on.
 *
 * @example
 * const config = stackConfig("multi-env", "prod"); // { "multi-env:hostingId": 101, ... }
 */
export function stackConfig(example: string, stack: string): Record<string, unknown> {
  return (readYaml(path.join(examplesDir, example, `Pulumi.${stack}.yaml`)) as { config: Record<string, unknown> }).config;
}

/**
 * Parses a YAML file.
 *
 * @example
 * const project = readYaml("examples/hosting-site/Pulumi.yaml") as { name: string };
 */
export function readYaml(file: string): unknown {
  const yaml = createRequire(require.resolve("@pulumi/pulumi/package.json"))("js-yaml") as { load(text: string): unknown };
  return yaml.load(readFileSync(file, "utf8"));
}
