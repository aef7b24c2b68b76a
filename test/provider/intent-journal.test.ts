import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "../../src/provider/runtime/context";
import {
  INTENT_RECORD_MAX_AGE_MS,
  inputsDigest,
  intentJournalDir,
  intentRecordFile,
  isOwnIntent,
  readIntentRecord,
  removeIntentRecord,
  writeIntentRecord,
  type IntentKey,
} from "../../src/provider/runtime/intent-journal";
import { OWNER_KEY, ownerOf, ownerOfUrn, ownerToken } from "../../src/provider/lifecycle/owner";

/** A logger that keeps what it was told. */
function collecting(): Logger & { infos: string[]; warns: string[] } {
  const infos: string[] = [];
  const warns: string[] = [];
  return { infos, warns, info: (m) => infos.push(m), warn: (m) => warns.push(m) };
}

const KEY: IntentKey = {
  apiUrl: "https://api.planethoster.net",
  apiUser: "agency-user",
  type: "FtpAccount",
  identity: '["deploy","agency-demo.com"]',
};
const API_KEY = "k3y-0f-the-account";
const OWNER = ownerToken({ project: "agency", stack: "prod", type: "FtpAccount", name: "deploy" });
const INPUTS = { hostingId: 101, domain: "agency-demo.com", user: "deploy", password: "Correct-Horse-9", path: "/public_html" };

describe("the owner token of a resource", () => {
  it("is a SHA-256 of project, stack, type and name, which tells any two of them apart", () => {
    expect(OWNER).toMatch(/^[0-9a-f]{64}$/);
    const others = [
      { project: "other", stack: "prod", type: "FtpAccount", name: "deploy" },
      { project: "agency", stack: "dev", type: "FtpAccount", name: "deploy" },
      { project: "agency", stack: "prod", type: "SshKey", name: "deploy" },
      { project: "agency", stack: "prod", type: "FtpAccount", name: "deploy-2" },
    ].map(ownerToken);
    expect(new Set([OWNER, ...others]).size).toBe(5);
  });

  it("is the same from the provider plugin's URN as from the program's names, whatever the parents and the package", () => {
    expect(ownerOfUrn("urn:pulumi:prod::agency::reseller:index:FtpAccount::deploy")).toBe(OWNER);
    expect(ownerOfUrn("urn:pulumi:prod::agency::my:site:Site$reseller:index:FtpAccount::deploy")).toBe(OWNER);
    expect(ownerOfUrn("urn:pulumi:prod::agency::pulumi-nodejs:dynamic/reseller:FtpAccount::deploy")).toBe(OWNER);
    expect(ownerOfUrn("urn:pulumi:prod::agency::reseller:index:FtpAccount::deploy::2")).toBe(
      ownerToken({ project: "agency", stack: "prod", type: "FtpAccount", name: "deploy::2" }),
    );
    for (const text of [
      undefined,
      "",
      "prod::agency::reseller:index:FtpAccount::deploy",
      "urn:pulumi:prod::agency::reseller:index:FtpAccount",
    ]) {
      expect(ownerOfUrn(text)).toBeUndefined();
    }
  });

  it("is read from inputs only in its own form", () => {
    expect(ownerOf({ [OWNER_KEY]: OWNER })).toBe(OWNER);
    expect(ownerOf({ [OWNER_KEY]: "prod/deploy" })).toBeUndefined();
    expect(ownerOf({ [OWNER_KEY]: 7 })).toBeUndefined();
    expect(ownerOf(undefined)).toBeUndefined();
  });
});

describe("the digest of a create's inputs", () => {
  it("is the same for the same inputs in any key order, and differs for any other value", () => {
    const digest = inputsDigest(INPUTS, API_KEY);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(Object.entries(INPUTS).reverse());
    expect(inputsDigest(reordered, API_KEY)).toBe(digest);
    expect(inputsDigest({ ...INPUTS, password: "Correct-Horse-8" }, API_KEY)).not.toBe(digest);
    expect(inputsDigest({ ...INPUTS, path: "/www" }, API_KEY)).not.toBe(digest);
    expect(inputsDigest({ ...INPUTS, extra: undefined }, API_KEY)).toBe(digest);
    expect(inputsDigest({ ...INPUTS, extra: null }, API_KEY)).not.toBe(digest);
  });

  it("is keyed with the account's API key, so that the file cannot be used to try passwords without it", () => {
    const plain = (value: unknown) => JSON.stringify(value);
    expect(inputsDigest(INPUTS, "another-key")).not.toBe(inputsDigest(INPUTS, API_KEY));
    expect(inputsDigest(INPUTS, API_KEY)).not.toContain(plain(INPUTS.password));
  });
});

describe("the record of a create about to be sent", () => {
  let home: string;
  let before: string | undefined;

  beforeEach(() => {
    before = process.env.PULUMI_HOME;
    home = mkdtempSync(path.join(tmpdir(), "intent-journal-"));
    process.env.PULUMI_HOME = home;
  });
  afterEach(() => {
    process.env.PULUMI_HOME = before;
    rmSync(home, { recursive: true, force: true });
  });

  it("lives under $PULUMI_HOME/reseller/intent, or ~/.pulumi/reseller/intent without it", () => {
    expect(intentJournalDir()).toBe(path.join(home, "reseller", "intent"));
    expect(intentJournalDir({})).toBe(path.join(homedir(), ".pulumi", "reseller", "intent"));
  });

  it("names one file per account, type and identity, by a SHA-256 that shows none of them", () => {
    const file = intentRecordFile(KEY);
    expect(path.dirname(file)).toBe(intentJournalDir());
    expect(path.basename(file)).toMatch(/^[0-9a-f]{64}\.json$/);
    const others = [
      { ...KEY, apiUrl: "http://127.0.0.1:4010" },
      { ...KEY, apiUser: "other-user" },
      { ...KEY, type: "SshKey" },
      { ...KEY, identity: '["www","agency-demo.com"]' },
    ].map((k) => intentRecordFile(k));
    expect(new Set([file, ...others]).size).toBe(5);
  });

  it("holds the owner token, the digest and the time, mode 0600 in a 0700 directory, and no input, account or key in clear", async () => {
    const log = collecting();
    const digest = inputsDigest(INPUTS, API_KEY);
    expect(await writeIntentRecord(KEY, { owner: OWNER, inputs: digest }, log, 1_700_000_000_000)).toBe(true);
    const file = intentRecordFile(KEY);
    const text = readFileSync(file, "utf8");
    expect(JSON.parse(text)).toEqual({ owner: OWNER, inputs: digest, at: 1_700_000_000_000 });
    for (const clear of [INPUTS.password, INPUTS.user, INPUTS.domain, INPUTS.path, API_KEY, KEY.apiUser!, KEY.apiUrl, "agency", "prod"]) {
      expect(text).not.toContain(clear);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(intentJournalDir()).mode & 0o777).toBe(0o700);
    expect(readdirSync(intentJournalDir())).toEqual([path.basename(file)]);
    expect(await readIntentRecord(KEY, log, 1_700_000_060_000)).toEqual({ owner: OWNER, inputs: digest, at: 1_700_000_000_000 });
    expect(log.warns).toEqual([]);
  });

  it("proves a create its own only for the same owner and the same inputs", async () => {
    const log = collecting();
    const digest = inputsDigest(INPUTS, API_KEY);
    await writeIntentRecord(KEY, { owner: OWNER, inputs: digest }, log);
    const record = await readIntentRecord(KEY, log);
    expect(isOwnIntent(record, OWNER, digest)).toBe(true);
    expect(isOwnIntent(record, ownerToken({ project: "agency", stack: "dev", type: "FtpAccount", name: "deploy" }), digest)).toBe(false);
    expect(isOwnIntent(record, ownerToken({ project: "agency", stack: "prod", type: "FtpAccount", name: "deploy-2" }), digest)).toBe(false);
    expect(isOwnIntent(record, OWNER, inputsDigest({ ...INPUTS, path: "/www" }, API_KEY))).toBe(false);
    expect(isOwnIntent(record, undefined, digest)).toBe(false);
    expect(isOwnIntent(undefined, OWNER, digest)).toBe(false);
    expect(await readIntentRecord({ ...KEY, identity: '["other","agency-demo.com"]' }, log)).toBeUndefined();
  });

  it("ignores a record older than 7 days, or dated ahead", async () => {
    const log = collecting();
    const at = 1_700_000_000_000;
    await writeIntentRecord(KEY, { owner: OWNER, inputs: inputsDigest(INPUTS, API_KEY) }, log, at);
    expect(await readIntentRecord(KEY, log, at + INTENT_RECORD_MAX_AGE_MS)).toBeDefined();
    expect(await readIntentRecord(KEY, log, at + INTENT_RECORD_MAX_AGE_MS + 1)).toBeUndefined();
    expect(await readIntentRecord(KEY, log, at - INTENT_RECORD_MAX_AGE_MS - 1)).toBeUndefined();
    expect(log.warns).toEqual([]);
  });

  it("ignores, with a warning naming the directory and adopt: true, a record that is not JSON or not of its form", async () => {
    const log = collecting();
    mkdirSync(intentJournalDir(), { recursive: true });
    for (const text of [
      "{ cut sh",
      JSON.stringify({ owner: "prod/deploy", inputs: inputsDigest(INPUTS, API_KEY), at: Date.now() }),
      JSON.stringify({ owner: OWNER, at: Date.now() }),
    ]) {
      writeFileSync(intentRecordFile(KEY), text);
      expect(await readIntentRecord(KEY, log)).toBeUndefined();
    }
    expect(log.warns).toHaveLength(3);
    for (const warning of log.warns) {
      expect(warning).toBe(
        `FtpAccount ${KEY.identity}: could not use the record of this stack's create in ${intentJournalDir()} (it is malformed); an object of this identity found now is refused as one this stack did not create, unless \`adopt: true\``,
      );
    }
  });

  it("never fails when the directory cannot be made: a warning naming it, no record, and a read that finds none", async () => {
    // PULUMI_HOME is a file, so reseller/intent cannot be made under it (true even for root).
    const file = path.join(home, "not-a-dir");
    writeFileSync(file, "");
    process.env.PULUMI_HOME = file;
    const log = collecting();
    expect(await writeIntentRecord(KEY, { owner: OWNER, inputs: inputsDigest(INPUTS, API_KEY) }, log)).toBe(false);
    expect(await readIntentRecord(KEY, log)).toBeUndefined();
    await expect(removeIntentRecord(KEY, log)).resolves.toBeUndefined();
    expect(log.warns[0]).toMatch(
      /could not write the record of this stack's create in .*not-a-dir\/reseller\/intent \((ENOTDIR|EEXIST)\); the create goes on; if the provider host is killed before the engine saves the state, the next `pulumi up` stops and names `adopt: true`$/,
    );
    expect(log.warns[1]).toMatch(
      /could not read the record .* \(ENOTDIR\); an object of this identity found now is refused as one this stack did not create, unless `adopt: true`$/,
    );
  });

  it("removes a record, and removing one that is not there is no error", async () => {
    const log = collecting();
    await writeIntentRecord(KEY, { owner: OWNER, inputs: inputsDigest(INPUTS, API_KEY) }, log);
    await removeIntentRecord(KEY, log);
    expect(await readIntentRecord(KEY, log)).toBeUndefined();
    await removeIntentRecord(KEY, log);
    expect(readdirSync(intentJournalDir())).toEqual([]);
    expect(log.warns).toEqual([]);
  });
});
