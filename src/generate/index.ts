/**
 * `reseller generate` as a library: reads a live reseller account (all of it, or some hosting
 * accounts or domains) and writes a Pulumi TypeScript project that declares what exists.
 *
 * The pipeline: {@link discover} lists the objects; {@link planProgram} reads each one through
 * its resource's own `read` and decides how to declare it (checked against the resource's
 * `check` and `diff`, so the first `pulumi up` changes nothing); `printProject` prints the files.
 * Only read operations are ever sent (see `context.ts`). Secrets are never written: an input the
 * program needs but must not carry (a certificate's private key), or that the API never returns
 * (a password, an SSH key line), becomes a required config key, secret where the value is.
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import * as path from "node:path";
import type { ResellerClient } from "../client/client";
import type { ProviderSettings } from "../provider/rules/config";
import { readOnlyContext } from "./context";
import { discover, type Selection } from "./discover";
import { planProgram, type Plan } from "./plan";
import { checkPackageSpec, printProject, PROJECT_FILES } from "./program";

export type { Selection } from "./discover";
export type { ConfigEntry, Plan, Planned } from "./plan";
export { KINDS } from "./kinds";

/** What to generate. */
export interface GenerateOptions extends Selection {
  /** The Pulumi project name; also the namespace of the program's config keys. Default `reseller-account`. */
  project?: string;
  /**
   * The name of the account in the program's `reseller:accounts` that `client` reads: every
   * declaration gets `account: "<name>"` and every read `{ account: "<name>" }`. Default: none,
   * the account of the top-level keys.
   */
  account?: string;
  /**
   * How the project's `package.json` depends on `pulumi-hosting-reseller`: any npm dependency
   * spec (`"^0.1.0"`, `"file:../pulumi-hosting-reseller-0.1.0.tgz"`, a tarball URL). Default: the
   * registry range of this version.
   */
  packageSpec?: string;
}

/** A generated project. */
export interface GeneratedProgram {
  /** File name to content: `index.ts`, `Pulumi.yaml`, `package.json`, `tsconfig.json`, `README.md`. */
  files: Record<string, string>;
  plan: Plan;
  /** Warnings the resources' reads logged (a registrar that refused a read, ...). */
  warnings: string[];
}

/** The default project name. */
export const DEFAULT_PROJECT = "reseller-account";

const PROJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/**
 * Refuses a Pulumi project name that Pulumi.yaml and the config keys' namespace cannot carry.
 *
 * @example
 * checkProjectName("reseller-account"); // "reseller-account"
 */
export function checkProjectName(project: string): string {
  if (!PROJECT_NAME.test(project)) {
    throw new Error(`The project name "${project}" is not valid: use letters, digits, "-", "_" and ".", starting with a letter or digit`);
  }
  return project;
}

/** The selection in words, for the program's header and README. */
export function describeSelection(selection: Selection): string {
  const parts = [
    ...(selection.hostingIds?.length
      ? [`hosting account${selection.hostingIds.length > 1 ? "s" : ""} ${selection.hostingIds.join(", ")}`]
      : []),
    ...(selection.domains?.length ? [`domain${selection.domains.length > 1 ? "s" : ""} ${selection.domains.join(", ")}`] : []),
  ];
  return parts.length > 0 ? parts.join(", ") : "the whole account";
}

/** Reads the account through `client` and prints the project. Sends read operations only. */
export async function generateProgram(
  client: ResellerClient,
  settings: ProviderSettings,
  options: GenerateOptions = {},
): Promise<GeneratedProgram> {
  const project = checkProjectName(options.project ?? DEFAULT_PROJECT);
  if (options.packageSpec !== undefined) checkPackageSpec(options.packageSpec);
  const warnings: string[] = [];
  const ctx = readOnlyContext(client, settings, { info: () => undefined, warn: (message) => warnings.push(message) });
  const plan = await planProgram(ctx, await discover(ctx, options));
  const files = printProject(plan, {
    project,
    settings,
    selection: describeSelection(options),
    account: options.account,
    packageSpec: options.packageSpec,
  });
  return { files, plan, warnings };
}

/**
 * Whether a file (or directory) exists at `file`.
 *
 * @example
 * if (await fileExists("import.json")) throw new Error("import.json already exists");
 */
export async function fileExists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Fails when `dir` holds one of the project's files: `reseller generate --out` calls it before it
 * reads the account, so a refusal costs no API call, and again when it writes.
 */
export async function refuseExistingProject(dir: string, names: readonly string[] = PROJECT_FILES): Promise<void> {
  const existing: string[] = [];
  for (const name of names) {
    if (await fileExists(path.join(dir, name))) existing.push(name);
  }
  if (existing.length > 0) throw new Error(`${dir} already has ${existing.join(", ")}; use --force to overwrite`);
}

/**
 * Writes the project's files into `dir` (created if needed). Refuses to overwrite a file that
 * exists unless `overwrite` is set, so a generation never replaces a program by accident.
 */
export async function writeProject(dir: string, files: Record<string, string>, options: { overwrite?: boolean } = {}): Promise<string[]> {
  const names = Object.keys(files);
  if (!options.overwrite) await refuseExistingProject(dir, names);
  await mkdir(dir, { recursive: true });
  for (const name of names) await writeFile(path.join(dir, name), files[name]!);
  return names.map((name) => path.join(dir, name));
}
