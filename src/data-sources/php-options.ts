/**
 * `getPhpOptions`: the php.ini options of one PHP version of a hosting account, with their
 * defaults and allowed values (`php.getOptions`, v4 and v3, INFERRED-L, catalog §1 #33). v4
 * returns the option map beside the envelope, v3 in `data`; the client reads either as `options`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { defineDataSource, hostingIdArg, type DataSourceOutputOptions, type OutputArgs, type AccountArgs } from "./define";
import { phpVersionArg, phpVersionFor } from "./php-versions";

/**
 * Arguments of {@link getPhpOptions}.
 */
export interface GetPhpOptionsArgs extends AccountArgs {
  /** The hosting account's id, as `getHostingAccounts` lists it. */
  hostingId: number;
  /** PHP version, e.g. `8.2`; default the account's current version (one more read). */
  version?: string;
}

/**
 * Arguments of {@link getPhpOptionsOutput}.
 */
export type GetPhpOptionsOutputArgs = OutputArgs<GetPhpOptionsArgs>;

/**
 * One php.ini option.
 *
 * @example
 * const memory: PhpOptionInfo = (await getPhpOptions({ hostingId: 101 })).options.memory_limit!;
 */
export interface PhpOptionInfo {
  /** Current value, as php.ini writes it (`512M`, `On`). */
  value?: string;
  /** Platform default. */
  default?: string;
  /** `bool` or `list`. */
  type?: string;
  /** Values the option accepts (the API's comma-separated `range`). */
  allowedValues: string[];
  /** What the option does. */
  comment?: string;
}

/**
 * The options of one PHP version.
 *
 * @example
 * const { version, options } = await getPhpOptions({ hostingId: 101 });
 */
export interface GetPhpOptionsResult {
  /** The hosting account read. */
  hostingId: number;
  /** The PHP version read. */
  version: string;
  /** Keyed by option name (`memory_limit`). */
  options: Record<string, PhpOptionInfo>;
}

const source = defineDataSource<GetPhpOptionsArgs, GetPhpOptionsArgs, GetPhpOptionsResult>({
  name: "getPhpOptions",
  args: z.strictObject({ hostingId: hostingIdArg, version: phpVersionArg.optional() }),
  operations: (a) => (a.version === undefined ? ["php.getOptions", "php.listVersions"] : ["php.getOptions"]),
  run: async (call, a) => {
    const version = await phpVersionFor(call, a.hostingId, a.version);
    const map = (await call.hostingRequest("php.getOptions", a.hostingId, { version })).options;
    const options: Record<string, PhpOptionInfo> = {};
    for (const [name, o] of Object.entries(map)) {
      options[name] = {
        value: o.value,
        default: o.default,
        type: o.type,
        allowedValues: o.range
          ? o.range
              .split(",")
              .map((v) => v.trim())
              .filter((v) => v !== "")
          : [],
        comment: o.comment,
      };
    }
    return { hostingId: a.hostingId, version, options };
  },
});

/**
 * Reads the php.ini options of a PHP version of a hosting account (v4 and v3).
 *
 * @example
 * import { getPhpOptions } from "pulumi-hosting-reseller";
 * const { options } = await getPhpOptions({ hostingId: 101, version: "8.2" });
 * console.log(options.memory_limit?.value, options.memory_limit?.allowedValues);
 */
export function getPhpOptions(args: GetPhpOptionsArgs): Promise<GetPhpOptionsResult> {
  return source.get(args);
}

/**
 * {@link getPhpOptions} as a `pulumi.Output`.
 *
 * @example
 * export const memoryLimit = getPhpOptionsOutput({ hostingId: 101 }).apply((r) => r.options.memory_limit?.value);
 */
export function getPhpOptionsOutput(args: GetPhpOptionsOutputArgs, opts?: DataSourceOutputOptions): pulumi.Output<GetPhpOptionsResult> {
  return source.output(args, opts);
}
