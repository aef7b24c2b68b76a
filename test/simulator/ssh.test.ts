import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { formatSshPublicKey, parseSshPublicKey } from "../../src/util/ssh-public-key";
import { HOSTING, useSimulator } from "../helpers/sim";

const ALL: ApiVersion[] = ["v4", "v3", "v2"];
const SEEDED = "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7";

interface KeyEntry {
  key: string;
  comment?: string;
  fromIps?: string[];
}

const newKey = (comment = "ci@agency-demo.com") => formatSshPublicKey(generateKeyPairSync("ed25519").publicKey, comment);

describe("SSH keys against the simulator", () => {
  const t = useSimulator({ version: "v4" });

  /** v4 lists in `keys`, v3 and v2 in `data`. */
  const listKeys = async (version: ApiVersion): Promise<KeyEntry[]> => {
    const reply = await t.clientFor(version).request("ssh.listKeys", HOSTING[version]);
    return reply.keys as KeyEntry[];
  };
  /** v4 answers the fingerprint as `key`, v3 and v2 as `data.key`. */
  const addKey = async (version: ApiVersion, params: Record<string, unknown>): Promise<string> => {
    const reply = await t.clientFor(version).request("ssh.addKey", { ...HOSTING[version], ...params });
    return reply.key as string;
  };

  it.each(ALL)("lists the seeded Ed25519 key by its MD5 fingerprint on %s", async (version) => {
    expect(await listKeys(version)).toEqual([{ key: SEEDED, comment: "ci-deploy@agency-demo.com", fromIps: ["203.0.113.0/24"] }]);
  });

  it("seeds a key whose stored fingerprint is the MD5 of its blob", () => {
    const seeded = t.sim.store.hostings["101"]!.sshKeys[0]!;
    expect(parseSshPublicKey(seeded.publicKey).fingerprintMd5).toBe(seeded.key);
  });

  it.each(ALL)("adds a generated key, answers its MD5 fingerprint and lists it on %s", async (version) => {
    const line = newKey();
    const key = await addKey(version, { pKey: line, comment: "deploy bot", fromIps: ["198.51.100.7", "2001:db8::/48"] });
    expect(key).toBe(parseSshPublicKey(line).fingerprintMd5);
    expect(await listKeys(version)).toContainEqual({ key, comment: "deploy bot", fromIps: ["198.51.100.7", "2001:db8::/48"] });
  });

  it("takes the comment from the key line when none is given and allows every address by default", async () => {
    const key = await addKey("v4", { pKey: newKey("laptop of alex") });
    expect(await listKeys("v4")).toContainEqual({ key, comment: "laptop of alex", fromIps: [] });
  });

  it("accepts a 2048-bit RSA key written by node-forge", async () => {
    const { publicKey } = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
    const line = forge.ssh.publicKeyToOpenSSH(publicKey, "forge");
    expect(await addKey("v4", { pKey: line })).toBe(parseSshPublicKey(line).fingerprintMd5);
  });

  it.each(ALL)("refuses the same key again with a conflict, whatever its comment, on %s", async (version) => {
    const seeded = t.sim.store.hostings["101"]!.sshKeys[0]!.publicKey;
    const again = `${seeded.split(" ").slice(0, 2).join(" ")} another-comment`;
    const attempt = addKey(version, { pKey: again });
    await expect(attempt).rejects.toMatchObject({ code: "conflict", status: 409 });
    await expect(attempt).rejects.toThrow(SEEDED);
    expect(t.sim.store.hostings["101"]!.sshKeys).toHaveLength(1);
  });

  it.each(ALL)("refuses a 1024-bit RSA key with the reason on %s", async (version) => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const attempt = addKey(version, { pKey: formatSshPublicKey(publicKey) });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/at least 2048 bits; this one has 1024/);
  });

  it("refuses a key whose blob is malformed", async () => {
    const attempt = addKey("v4", { pKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNO" });
    await expect(attempt).rejects.toMatchObject({ code: "validation" });
    await expect(attempt).rejects.toThrow(/truncated/);
  });

  it("refuses an allowed address that is neither an IP address nor a CIDR block, naming it", async () => {
    const attempt = addKey("v4", { pKey: newKey(), fromIps: ["203.0.113.0/24", "office.example.com"] });
    await expect(attempt).rejects.toMatchObject({ code: "validation", status: 400 });
    await expect(attempt).rejects.toThrow(/office\.example\.com/);
    expect(t.sim.store.hostings["101"]!.sshKeys).toHaveLength(1);
  });

  it.each(ALL)("changes the comment and allowed addresses of a key on %s", async (version) => {
    await t.clientFor(version).request("ssh.editKey", { ...HOSTING[version], key: SEEDED, comment: "rotated", fromIps: ["192.0.2.10"] });
    expect(await listKeys(version)).toEqual([{ key: SEEDED, comment: "rotated", fromIps: ["192.0.2.10"] }]);
  });

  it("keeps the allowed addresses when an edit gives only a comment", async () => {
    await t.client.request("v4.ssh.editKey", { id: 101, key: SEEDED, comment: "renamed" });
    expect(await listKeys("v4")).toEqual([{ key: SEEDED, comment: "renamed", fromIps: ["203.0.113.0/24"] }]);
  });

  it.each(ALL)("removes a key by fingerprint, then answers not-found for it on %s", async (version) => {
    const client = t.clientFor(version);
    await client.request("ssh.removeKey", { ...HOSTING[version], key: SEEDED });
    expect(await listKeys(version)).toEqual([]);
    const again = client.request("ssh.removeKey", { ...HOSTING[version], key: SEEDED });
    await expect(again).rejects.toMatchObject({ code: "not-found", status: 404 });
    await expect(client.request("ssh.editKey", { ...HOSTING[version], key: SEEDED, comment: "x" })).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("shows a key added through v2 to a v4 client, as one account behind every version", async () => {
    const key = await addKey("v2", { pKey: newKey() });
    expect((await listKeys("v4")).map((k) => k.key)).toContain(key);
  });

  it("keeps the keys of another hosting account apart", async () => {
    expect((await t.client.request("v4.ssh.listKeys", { id: 102 })).keys).toEqual([]);
    await expect(t.client.request("v4.ssh.removeKey", { id: 102, key: SEEDED })).rejects.toMatchObject({ code: "not-found" });
  });
});
