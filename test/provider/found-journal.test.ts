import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "../../src/provider/runtime/context";
import {
  FOUND_RECORD_MAX_AGE_MS,
  foundJournalDir,
  foundRecordFile,
  readFoundRecord,
  removeFoundRecord,
  writeFoundRecord,
  type FoundSettingKey,
} from "../../src/provider/runtime/found-journal";

/** A logger that keeps what it was told. */
function collecting(): Logger & { infos: string[]; warns: string[] } {
  const infos: string[] = [];
  const warns: string[] = [];
  return { infos, warns, info: (m) => infos.push(m), warn: (m) => warns.push(m) };
}

const KEY: FoundSettingKey = { apiUrl: "https://api.planethoster.net", apiUser: "agency-user", type: "PhpVersion", id: "101" };

describe("the record of what a setting held before a create", () => {
  let home: string;
  let before: string | undefined;

  beforeEach(() => {
    before = process.env.PULUMI_HOME;
    home = mkdtempSync(path.join(tmpdir(), "found-journal-"));
    process.env.PULUMI_HOME = home;
  });
  afterEach(() => {
    process.env.PULUMI_HOME = before;
    rmSync(home, { recursive: true, force: true });
  });

  it("lives under $PULUMI_HOME/reseller/found, or ~/.pulumi/reseller/found without it", () => {
    expect(foundJournalDir()).toBe(path.join(home, "reseller", "found"));
    expect(foundJournalDir({})).toBe(path.join(homedir(), ".pulumi", "reseller", "found"));
    expect(foundJournalDir({ PULUMI_HOME: "" })).toBe(path.join(homedir(), ".pulumi", "reseller", "found"));
  });

  it("names one file per account, type and id, by a SHA-256 that shows none of them", () => {
    const file = foundRecordFile(KEY);
    expect(path.dirname(file)).toBe(foundJournalDir());
    expect(path.basename(file)).toMatch(/^[0-9a-f]{64}\.json$/);
    const others = [
      { ...KEY, apiUrl: "http://127.0.0.1:4010" },
      { ...KEY, apiUser: "other-user" },
      { ...KEY, type: "PhpOptions" },
      { ...KEY, id: "102" },
    ].map((k) => foundRecordFile(k));
    expect(new Set([file, ...others]).size).toBe(5);
  });

  it("writes the found value, the value being written and the time, mode 0600, and reads it back", async () => {
    const log = collecting();
    await writeFoundRecord(KEY, { previous: "7.4", writing: "8.3" }, log, 1_700_000_000_000);
    const file = foundRecordFile(KEY);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ previous: "7.4", writing: "8.3", at: 1_700_000_000_000 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Written through a temporary file renamed over the record: nothing else is left.
    expect(readdirSync(foundJournalDir())).toEqual([path.basename(file)]);
    expect(await readFoundRecord(KEY, "8.3", log, 1_700_000_060_000)).toEqual({ previous: "7.4", writing: "8.3", at: 1_700_000_000_000 });
    expect(log.warns).toEqual([]);
  });

  it("replaces a record, and has none for a setting never recorded", async () => {
    const log = collecting();
    await writeFoundRecord(KEY, { previous: "7.4", writing: "8.3" }, log);
    await writeFoundRecord(KEY, { previous: "7.4", writing: "8.1" }, log);
    expect((await readFoundRecord(KEY, "8.1", log))?.writing).toBe("8.1");
    expect(await readFoundRecord({ ...KEY, id: "102" }, "8.1", log)).toBeUndefined();
    expect(log.warns).toEqual([]);
  });

  it("ignores a record older than 90 days", async () => {
    const log = collecting();
    const at = 1_700_000_000_000;
    await writeFoundRecord(KEY, { previous: "7.4", writing: "8.3" }, log, at);
    expect(await readFoundRecord(KEY, "8.3", log, at + FOUND_RECORD_MAX_AGE_MS)).toBeDefined();
    expect(await readFoundRecord(KEY, "8.3", log, at + FOUND_RECORD_MAX_AGE_MS + 1)).toBeUndefined();
    expect(log.warns).toEqual([]);
  });

  it("ignores, with a warning naming the directory, a record that is not JSON or whose values are not of the setting's kind", async () => {
    const log = collecting();
    mkdirSync(foundJournalDir(), { recursive: true });
    writeFileSync(foundRecordFile(KEY), "{ cut sh");
    expect(await readFoundRecord(KEY, "8.3", log)).toBeUndefined();
    await writeFoundRecord<unknown>(KEY, { previous: ["7.4"], writing: "8.3" }, log);
    expect(await readFoundRecord(KEY, "8.3", log)).toBeUndefined();
    await writeFoundRecord(KEY, { previous: { memory_limit: "128M" }, writing: { memory_limit: "512M" } }, log);
    expect(await readFoundRecord(KEY, [942100], log)).toBeUndefined();
    expect(log.warns).toHaveLength(3);
    for (const warning of log.warns) {
      expect(warning).toContain(
        `PhpVersion 101: could not use the record of the value found at create in ${foundJournalDir()} (it is malformed)`,
      );
    }
  });

  it("never fails when the directory cannot be made: a warning naming it, and no record", async () => {
    // PULUMI_HOME is a file, so reseller/found cannot be made under it (true even for root).
    const file = path.join(home, "not-a-dir");
    writeFileSync(file, "");
    process.env.PULUMI_HOME = file;
    const log = collecting();
    await expect(writeFoundRecord(KEY, { previous: "7.4", writing: "8.3" }, log)).resolves.toBeUndefined();
    expect(await readFoundRecord(KEY, "8.3", log)).toBeUndefined();
    await expect(removeFoundRecord(KEY, log)).resolves.toBeUndefined();
    expect(log.warns[0]).toMatch(
      new RegExp(
        `^PhpVersion 101: could not write the record of the value found at create in ${escape(path.join(file, "reseller", "found"))} \\((ENOTDIR|EEXIST)\\); a provider host killed before the engine saves the state would lose the value found$`,
      ),
    );
    // Reading it fails as well (not "no record"), and says so.
    expect(log.warns[1]).toMatch(/could not read the record .* \(ENOTDIR\); the value live now is taken as the one found$/);
  });

  it("removes a record, and removing one that is not there is no error", async () => {
    const log = collecting();
    await writeFoundRecord(KEY, { previous: true, writing: false }, log);
    await removeFoundRecord(KEY, log);
    expect(await readFoundRecord(KEY, false, log)).toBeUndefined();
    await removeFoundRecord(KEY, log);
    expect(readdirSync(foundJournalDir())).toEqual([]);
    expect(log.warns).toEqual([]);
  });
});

/** `text` as a literal part of a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
