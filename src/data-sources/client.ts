/**
 * The connection every data source of a program shares.
 *
 * Dynamic providers have no invoke, so data sources run in the program process and call the API
 * themselves. They read the same `reseller:*` keys as the provider, through the provider's own
 * parser (`readConfiguration`, environment fallback `RESELLER_API_*` and `RESELLER_ACCOUNTS`),
 * from `new pulumi.Config("reseller")`, and they go through the provider's context module: one
 * client and one rate limiter per account and program run (the API's quota is per account), the
 * same v3 hosting-username lookup, and the hosting listing read once however many data sources
 * need it.
 *
 * The program process never runs the provider itself (the dynamic-provider host is a separate
 * process that loads `pulumi-hosting-reseller/runtime`), so the context module's state is the
 * data sources' own here. The settings are read once, on first use; the client is created by the
 * first request and closed when the program's event loop drains (`beforeExit`).
 */
import type * as Pulumi from "@pulumi/pulumi";
import { CONFIG_NAMESPACE, readConfiguration, type ProviderConfiguration } from "../provider/rules/config";
import { currentContext, resetContext, setConfiguration, type ProviderContext } from "../provider/runtime/context";

let loaded = false;
let exitHook: (() => void) | undefined;

/**
 * `@pulumi/pulumi`, loaded on first use: it is a peer dependency, and code that only uses the
 * client or the simulator should not pay for loading it (or need it installed).
 */
export function pulumiSdk(): typeof Pulumi {
  return require("@pulumi/pulumi") as typeof Pulumi;
}

/**
 * The context data sources call the API of `account` through (a name of `reseller:accounts`;
 * undefined: the account of the top-level keys), set up from the stack configuration on first
 * use. Malformed configuration fails here, naming the key, and so does an account the
 * configuration does not name; missing credentials fail at the first request, naming the key.
 */
export function dataSourceContext(account?: string): ProviderContext {
  if (!loaded) {
    setConfiguration(readConfiguration(new (pulumiSdk().Config)(CONFIG_NAMESPACE)));
    loaded = true;
    // `beforeExit` fires when nothing is left to do; idle keep-alive sockets do not hold the
    // loop open (undici unrefs them), so this runs at the end of every program. Closing
    // schedules a little more work, after which the loop drains again: `once` keeps that second
    // `beforeExit` from closing twice. A reset removes the hook, so there is one at most.
    exitHook = () => {
      void resetDataSources();
    };
    process.once("beforeExit", exitHook);
  }
  return currentContext(undefined, account);
}

/**
 * Serves data sources from a configuration given by a provider, not read from the program's
 * stack configuration: the provider plugin's invokes run in the plugin process, configured by
 * the engine's `Configure` call with the provider's own inputs, and no program is there to ask.
 *
 * @example
 * useConfiguration(readConfiguration({ get: (k) => inputs[k] }));
 */
export function useConfiguration(configuration: ProviderConfiguration): void {
  setConfiguration(configuration);
  loaded = true;
}

/**
 * Closes the shared client and forgets the settings, so the next data source call reads the
 * configuration again. Programs never need it (the client closes when the program ends); tests
 * call it between configurations.
 *
 * @example
 * afterEach(async () => { await resetDataSources(); });
 */
export async function resetDataSources(): Promise<void> {
  loaded = false;
  if (exitHook) {
    process.removeListener("beforeExit", exitHook);
    exitHook = undefined;
  }
  await resetContext();
}
