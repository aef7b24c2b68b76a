/**
 * The entry point of `pulumi-resource-reseller` (`bin/pulumi-resource-reseller` runs it).
 *
 * The engine starts a plugin with its own gRPC address as the first argument, possibly preceded
 * by logging flags (`--logtostderr`, `-v=N`, `--tracing <url>`), and reads the port the plugin
 * listens on from the first line of its stdout (pulumi sdk/go/common/resource/plugin/plugin.go).
 * Anything else the plugin prints is debug output the engine does not show.
 */
import * as nodeModule from "node:module";
import { serve } from "./server";

/**
 * The engine address among the plugin's arguments.
 *
 * @example
 * engineAddressOf(["--logtostderr", "-v=9", "127.0.0.1:4321"]); // "127.0.0.1:4321"
 */
export function engineAddressOf(args: readonly string[]): string | undefined {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--logtostderr" || a.startsWith("-v=")) continue;
    if (a === "--tracing") {
      i++;
      continue;
    }
    rest.push(a);
  }
  return rest[0];
}

/**
 * Writes what Node compiled so far to its compile cache, when one is enabled (Node 22.10 and
 * later, with `NODE_COMPILE_CACHE`, which the release archive's launcher sets). Node writes it
 * only at a clean exit otherwise, and the engine ends a plugin with a signal, so the cache would
 * never be written. Once the cache holds the code, this writes nothing.
 */
function flushCompileCache(): void {
  (nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
}

/** Starts the server, announces its port, then keeps the code compiled for the start. */
export async function main(args: readonly string[]): Promise<void> {
  const port = await serve(engineAddressOf(args));
  process.stdout.write(`${port}\n`);
  flushCompileCache();
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`pulumi-resource-reseller: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
