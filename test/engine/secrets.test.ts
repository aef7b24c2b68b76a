/**
 * Secrets in the state the real engine writes: passwords the program gives in plain text, private
 * keys and storage keys the API returns, and the API key of the stack config never appear in
 * clear in `pulumi stack export`, on the first deployment or after steps that change nothing
 * (`same`, `refresh`); secret stack outputs are ciphertext there, and
 * `pulumi stack output --show-secrets` shows them.
 *
 * An inline program through the Automation API; the state is exported with the CLI, as a user
 * would (the Automation API's `exportStack` runs `stack export --show-secrets`). One stack; the
 * tests run in order.
 */
import { expect, it } from "vitest";

import type * as Automation from "@pulumi/pulumi/automation";

import type { Simulator } from "../../packages/simulator/src";
import {
  describeEngine,
  engineScenario,
  inlineStack,
  resourcesByName,
  SECRET_SIGNATURE,
  STEP_TIMEOUT,
  type CliResult,
  type Deployment,
  type Engine,
} from "./harness";

const FTP_PASSWORD = "Ftp-Secret-2026";
const DB_PASSWORD = "Db-Secret-2026!";
const SECRET_OUTPUTS = ["ftpPassword", "dbPassword", "csrPrivateKey", "certificatePrivateKey", "storageAccessKey", "storageSecretKey"];

let engine: Engine;
let sim: Simulator;
let stack: Automation.Stack;

function program(): Record<string, unknown> {
  const { FtpAccount, DatabaseUser, SslCsr, CustomSsl, ObjectStorageAccount } = engine.resources;
  // Plain strings, as a careless program gives them: the resources make them secret.
  const ftp = new FtpAccount("ftp", {
    hostingId: 101,
    domain: "agency-demo.com",
    user: "vault",
    path: "/public_html",
    password: FTP_PASSWORD,
  });
  const user = new DatabaseUser("db-user", { hostingId: 101, name: "agencyde_deploy", password: DB_PASSWORD });
  const csr = new SslCsr("csr", {
    hostingId: 101,
    domain: "client-shop.net",
    countryCode: "CA",
    state: "QC",
    localityName: "Montreal",
    organizationName: "Client Shop",
    organizationUnitName: "Web",
    email: "admin@client-shop.net",
  });
  const certificate = new CustomSsl("certificate", {
    hostingId: 101,
    domain: "client-shop.net",
    certificate: csr.selfSignedCert,
    privateKey: csr.privateKey,
  });
  const storage = new ObjectStorageAccount("storage", { hostingId: 101 });
  return {
    ftpPassword: ftp.password,
    dbPassword: user.password,
    csrPrivateKey: csr.privateKey,
    certificatePrivateKey: certificate.privateKey,
    storageAccessKey: storage.accessKey,
    storageSecretKey: storage.secretKey,
    ftpLogin: ftp.username,
  };
}

/** `pulumi <args> --stack dev` in the workspace's directory, as a user runs it there. */
async function cli(args: string[]): Promise<CliResult> {
  const result = await engine.pulumi([...args, "--stack", "dev", "--non-interactive", "--color", "never"], {
    cwd: stack.workspace.workDir,
  });
  if (result.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** The secrets in their clear text, from the simulator and the program. */
function clearSecrets(): Record<string, string> {
  const hosting = sim.store.hostings["101"]!;
  const csr = hosting.ssl["client-shop.net"]?.csrs[0];
  return {
    apiKey: sim.apiKey,
    ftpPassword: FTP_PASSWORD,
    dbPassword: DB_PASSWORD,
    csrPrivateKey: csr?.privateKey ?? "",
    storageAccessKey: hosting.objectStorage.accessKey ?? "",
    storageSecretKey: hosting.objectStorage.secretKey ?? "",
  };
}

/** Asserts that none of the secrets appears in the CLI's export, PEM keys probed by their body. */
async function expectNoClearSecret(): Promise<Deployment> {
  const text = (await cli(["stack", "export"])).stdout;
  const flat = text.replace(/\\n/g, "");
  for (const [what, secret] of Object.entries(clearSecrets())) {
    expect(secret.length, what).toBeGreaterThan(8);
    const probe = secret
      .replace(/-----[^-]+-----/g, "")
      .replace(/\s+/g, "")
      .slice(0, 64);
    expect(flat, what).not.toContain(probe);
  }
  return JSON.parse(text) as Deployment;
}

const ciphertext = { [SECRET_SIGNATURE]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.stringMatching(/^v1:/) };

describeEngine("secrets in the state the engine writes", () => {
  engineScenario("secrets", async (started) => {
    ({ engine, sim } = started);
    stack = await inlineStack(engine, { project: "secrets", stack: "dev", sim, program: async () => program() });
    await stack.up();
    return stack;
  });

  it(
    "keeps every password, private key, storage key and the API key out of pulumi stack export, as ciphertext",
    async () => {
      const deployment = await expectNoClearSecret();
      const resources = resourcesByName(deployment);
      expect(resources.get("ftp")?.inputs?.password).toEqual(ciphertext);
      expect(resources.get("ftp")?.outputs?.password).toEqual(ciphertext);
      expect(resources.get("db-user")?.inputs?.password).toEqual(ciphertext);
      expect(resources.get("db-user")?.outputs?.password).toEqual(ciphertext);
      expect(resources.get("csr")?.outputs?.privateKey).toEqual(ciphertext);
      expect(resources.get("certificate")?.inputs?.privateKey).toEqual(ciphertext);
      expect(resources.get("certificate")?.outputs?.privateKey).toEqual(ciphertext);
      expect(resources.get("storage")?.outputs?.accessKey).toEqual(ciphertext);
      expect(resources.get("storage")?.outputs?.secretKey).toEqual(ciphertext);
      const root = deployment.deployment.resources?.find((r) => r.type === "pulumi:pulumi:Stack");
      for (const name of SECRET_OUTPUTS) expect(root?.outputs?.[name], name).toEqual(ciphertext);
      expect(root?.outputs?.ftpLogin).toBe("vault@agency-demo.com");
    },
    STEP_TIMEOUT,
  );

  it(
    "shows secret stack outputs as [secret], and in clear with --show-secrets",
    async () => {
      const hidden = JSON.parse((await cli(["stack", "output", "--json"])).stdout) as Record<string, unknown>;
      for (const name of SECRET_OUTPUTS) expect(hidden[name], name).toBe("[secret]");
      expect(hidden.ftpLogin).toBe("vault@agency-demo.com");

      const shown = JSON.parse((await cli(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, string>;
      const clear = clearSecrets();
      expect(shown.ftpPassword).toBe(FTP_PASSWORD);
      expect(shown.dbPassword).toBe(DB_PASSWORD);
      expect(shown.storageAccessKey).toBe(clear.storageAccessKey);
      expect(shown.storageSecretKey).toBe(clear.storageSecretKey);
      expect(shown.csrPrivateKey?.replace(/\s+/g, "")).toBe(clear.csrPrivateKey?.replace(/\s+/g, ""));
      expect(shown.certificatePrivateKey).toBe(shown.csrPrivateKey);

      const outputs = await stack.outputs();
      for (const name of SECRET_OUTPUTS) expect(outputs[name]?.secret, name).toBe(true);
      expect(outputs.ftpLogin?.secret).toBe(false);
    },
    STEP_TIMEOUT,
  );

  it(
    "keeps them ciphertext after an up where every step is same and after a refresh",
    async () => {
      const up = await stack.up();
      expect(up.summary.resourceChanges).toEqual({ same: 6 });
      await expectNoClearSecret();
      const refresh = await stack.refresh();
      expect(refresh.summary.resourceChanges).toEqual({ same: 6 });
      const deployment = await expectNoClearSecret();
      const resources = resourcesByName(deployment);
      expect(resources.get("ftp")?.outputs?.password).toEqual(ciphertext);
      expect(resources.get("storage")?.outputs?.secretKey).toEqual(ciphertext);
      expect(resources.get("csr")?.outputs?.privateKey).toEqual(ciphertext);

      await stack.destroy();
      expect(resourcesByName((await stack.exportStack()) as unknown as Deployment).size).toBe(0);
    },
    STEP_TIMEOUT,
  );
});
