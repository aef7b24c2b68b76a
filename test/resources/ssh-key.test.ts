import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ApiVersion } from "../../src/client/endpoint";
import { clearCache } from "../../src/runtime";
import { formatSshPublicKey, parseSshPublicKey } from "../../src/util/ssh-public-key";
import { runLifecycle, useProvider } from "../helpers/lifecycle";

const noChange = { changes: false, replaces: [], deleteBeforeReplace: false };

const ci = formatSshPublicKey(generateKeyPairSync("ed25519").publicKey, "ci@example.com");
const other = formatSshPublicKey(generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey, "other@example.com");
const rsa1024 = formatSshPublicKey(generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey, "old");
const ciKey = parseSshPublicKey(ci);
const ciLine = `${ciKey.type} ${ciKey.blob.toString("base64")}`;

/** The key seeded on account 101; `ssh-keygen -l -E md5` prints its fingerprint. */
const SEEDED = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNOcBSpIi1zDfJOtCaY06hdrymoZ0c1XdXWoj+3deQF ci-deploy@agency-demo.com";
const SEEDED_MD5 = "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7";

const base = { hostingId: 101, publicKey: ci, fromIps: ["2001:DB8:0:0::1", "198.51.100.0/24"] };

describe.each<ApiVersion>(["v4", "v3", "v2"])("SshKey on %s", (version) => {
  const t = useProvider("SshKey", { version });
  const stored = (fingerprint: string) => t.sim.store.hostings["101"]!.sshKeys.find((k) => k.key === fingerprint);

  it("walks the lifecycle: id from the local fingerprint, comment and addresses in place, import, replace on another key", async () => {
    const run = await runLifecycle(t.engine, {
      inputs: base,
      update: { ...base, comment: "deploy", fromIps: ["203.0.113.7/32"] },
      replace: { ...base, publicKey: other, comment: "deploy", fromIps: ["203.0.113.7"] },
      replaces: ["publicKey"],
    });
    expect(run.id).toBe(`101/${ciKey.fingerprintMd5}`);
    expect(run.created).toEqual({
      hostingId: 101,
      publicKey: ciLine,
      comment: "ci@example.com",
      fromIps: ["198.51.100.0/24", "2001:db8::1"],
      fingerprint: ciKey.fingerprintMd5,
      fingerprintSha256: ciKey.fingerprintSha256,
      keyType: "ssh-ed25519",
      adopt: false,
    });
    expect(run.updated).toMatchObject({ comment: "deploy", fromIps: ["203.0.113.7"] });
    expect(run.imported.props).toEqual({ hostingId: 101, comment: "deploy", fromIps: ["203.0.113.7"], fingerprint: ciKey.fingerprintMd5 });
    // A new key is added before the old one is removed: no moment without access.
    expect(run.replaceDiff.deleteBeforeReplace).toBe(false);
    expect(stored(ciKey.fingerprintMd5)).toBeUndefined();
    expect(t.sim.requests.count("ssh.addKey")).toBe(1);
    expect(t.sim.requests.count("ssh.editKey")).toBe(1);
  });

  it("refuses a key the account already has without adopt, before any write, naming adopt and the id to read it with", async () => {
    const declared = { hostingId: 101, publicKey: SEEDED, comment: "taken over" };
    const refusal = new RegExp(
      `${SEEDED_MD5} is already on hosting account 101.*set adopt: true.*"101/${SEEDED_MD5}".*Nothing was changed`,
    );
    // The check (a preview) refuses it already; a create checked before it was added refuses it too.
    const failures = await t.engine.checkFailures(declared);
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(refusal) }]);
    await expect(t.provider.create(await t.checkUnread(declared))).rejects.toThrow(refusal);
    expect(stored(SEEDED_MD5)?.comment).toBe("ci-deploy@agency-demo.com");
    expect(t.sim.requests.count("ssh.addKey")).toBe(0);
    expect(t.sim.requests.count("ssh.editKey")).toBe(0);
  });

  it("adopts the key with the same fingerprint without adding it, setting the comment and addresses that differ", async () => {
    const declared = { hostingId: 101, publicKey: SEEDED, comment: "taken over", fromIps: ["203.0.113.0/24", "2001:db8::1"], adopt: true };
    const { id, outs } = await t.engine.create(await t.engine.check(declared));
    expect(t.sim.requests.count("ssh.addKey")).toBe(0);
    expect(t.sim.requests.count("ssh.editKey")).toBe(1);
    expect(id).toBe(`101/${SEEDED_MD5}`);
    expect(outs).toMatchObject({ comment: "taken over", fromIps: ["203.0.113.0/24", "2001:db8::1"], fingerprint: SEEDED_MD5, adopt: true });
    expect(stored(SEEDED_MD5)).toMatchObject({ comment: "taken over", fromIps: ["203.0.113.0/24", "2001:db8::1"] });

    clearCache();
    const read = await t.engine.read(id, outs);
    expect(read.props).toEqual(outs);
    expect(await t.engine.diff(id, read.props, await t.engine.check(declared, read.inputs))).toEqual(noChange);
  });

  it("adopts a key whose comment and addresses are already the declared ones without any write", async () => {
    // The key line's own comment is the seeded key's comment; its addresses are the seeded ones.
    const { outs } = await t.engine.create(
      await t.engine.check({ hostingId: 101, publicKey: SEEDED, fromIps: ["203.0.113.0/24"], adopt: true }),
    );
    expect(outs).toMatchObject({ comment: "ci-deploy@agency-demo.com", fromIps: ["203.0.113.0/24"] });
    expect(t.sim.requests.count("ssh.addKey")).toBe(0);
    expect(t.sim.requests.count("ssh.editKey")).toBe(0);
  });

  it("adds the key when adopt is set and the account does not have it", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check({ ...base, adopt: true }));
    expect(id).toBe(`101/${ciKey.fingerprintMd5}`);
    expect(outs.adopt).toBe(true);
    expect(t.sim.requests.count("ssh.addKey")).toBe(1);
    expect(t.sim.requests.count("ssh.editKey")).toBe(0);
    expect(stored(ciKey.fingerprintMd5)).toMatchObject({ comment: "ci@example.com", fromIps: ["198.51.100.0/24", "2001:db8::1"] });
  });

  it("imports the seeded key by its MD5 fingerprint as ssh-keygen prints it, and the key line then shows no change", async () => {
    const imported = await t.engine.read(`101/MD5:${SEEDED_MD5.toUpperCase()}`);
    expect(imported.id).toBe(`101/${SEEDED_MD5}`);
    expect(imported.props).toEqual({
      hostingId: 101,
      comment: "ci-deploy@agency-demo.com",
      fromIps: ["203.0.113.0/24"],
      fingerprint: SEEDED_MD5,
    });
    const news = await t.engine.check({ hostingId: 101, publicKey: SEEDED, fromIps: ["203.0.113.0/24"] }, imported.inputs);
    expect(await t.engine.diff(imported.id, imported.props, news)).toEqual(noChange);
  });

  it("sees addresses changed outside Pulumi and puts the declared ones back in place", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    stored(ciKey.fingerprintMd5)!.fromIps = ["192.0.2.1"];
    clearCache();
    const refreshed = await t.engine.read(id, outs);
    expect(refreshed.props).toMatchObject({ fromIps: ["192.0.2.1"], publicKey: ciLine });
    const news = await t.engine.check(base, refreshed.inputs);
    expect(await t.engine.diff(id, refreshed.props, news)).toEqual({ changes: true, replaces: [], deleteBeforeReplace: false });
    await t.engine.update(id, refreshed.props, news);
    expect(stored(ciKey.fingerprintMd5)?.fromIps).toEqual(["198.51.100.0/24", "2001:db8::1"]);
  });

  it.each(["lost-response", "truncate"] as const)(
    "settles an add answered with %s by reading it into state, without adding twice",
    async (kind) => {
      t.sim.faults.add({ operation: "ssh.addKey", kind });
      const created = await t.engine.create(await t.engine.check(base));
      expect(created.id).toBe(`101/${ciKey.fingerprintMd5}`);
      // The state is the one a create that was answered gives.
      const { id, outs } = await t.engine.create(await t.engine.check({ ...base, hostingId: 102 }));
      expect(created.outs).toEqual({ ...outs, hostingId: 101 });
      expect(id).toBe(`102/${ciKey.fingerprintMd5}`);
      expect(t.sim.requests.count("ssh.addKey")).toBe(2);
      expect(stored(ciKey.fingerprintMd5)).toMatchObject({ comment: "ci@example.com", fromIps: ["198.51.100.0/24", "2001:db8::1"] });
    },
  );

  it("fails an update of a key removed outside Pulumi, saying to refresh so the next up adds it again", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    t.sim.store.hostings["101"]!.sshKeys = [];
    const news = await t.engine.check({ ...base, comment: "renamed" });
    await expect(t.engine.update(id, outs, news)).rejects.toThrow(
      new RegExp(
        `The SSH key ${String(outs.fingerprint)} cannot be updated \\(API: .*\\); if it was removed outside Pulumi, run \`pulumi refresh\` so that the next \`up\` adds it again`,
      ),
    );
  });

  it("treats a key that is already removed as deleted", async () => {
    const { id, outs } = await t.engine.create(await t.engine.check(base));
    t.sim.store.hostings["101"]!.sshKeys = [];
    await expect(t.engine.delete(id, outs)).resolves.toBeUndefined();
  });
});

describe("SshKey inputs", () => {
  const t = useProvider("SshKey", { version: "v4" });

  it("writes addresses in one spelling, sorted, and takes the key line's comment as the default comment", async () => {
    // Checked without the read for a key that exists, which a new resource's check makes with credentials.
    const checked = await t.checkUnread({
      hostingId: 101,
      publicKey: `  ${ci}  `,
      fromIps: ["2001:DB8::1", "10.0.0.0/8", "198.51.100.7/32", "::FFFF:192.0.2.1", "2001:db8::/32"],
    });
    expect(checked).toMatchObject({
      publicKey: ciLine,
      comment: "ci@example.com",
      fromIps: ["10.0.0.0/8", "198.51.100.7", "::ffff:192.0.2.1", "2001:db8::/32", "2001:db8::1"],
    });
    expect(t.sim.requests.count()).toBe(0);
  });

  it.each([
    { name: "an RSA key under 2048 bits", inputs: { publicKey: rsa1024 }, property: "publicKey", reason: /at least 2048 bits/ },
    {
      name: "a DSA key",
      inputs: { publicKey: "ssh-dss AAAAB3NzaC1kc3MAAACBAP1/U4Ed" },
      property: "publicKey",
      reason: /unsupported key type "ssh-dss"/,
    },
    { name: "a PEM block", inputs: { publicKey: "-----BEGIN PUBLIC KEY-----" }, property: "publicKey", reason: /PEM/ },
    { name: "a key whose data is not base64", inputs: { publicKey: "ssh-ed25519 not*base64" }, property: "publicKey", reason: /base64/ },
    {
      name: "a CIDR block with host bits set",
      inputs: { fromIps: ["10.1.2.3/8"] },
      property: "fromIps[0]",
      reason: /host bits set; the block is 10\.0\.0\.0\/8/,
    },
    { name: "an address out of range", inputs: { fromIps: ["300.1.1.1"] }, property: "fromIps[0]", reason: /not an IPv4 or IPv6 address/ },
    {
      name: "an IPv6 address with a zone",
      inputs: { fromIps: ["fe80::1%eth0"] },
      property: "fromIps[0]",
      reason: /not an IPv4 or IPv6 address/,
    },
    {
      name: "a prefix too long",
      inputs: { fromIps: ["2001:db8::/129"] },
      property: "fromIps[0]",
      reason: /prefix length outside 0 to 128/,
    },
    {
      name: "the same address twice",
      inputs: { fromIps: ["198.51.100.7", "198.51.100.7/32"] },
      property: "fromIps[1]",
      reason: /repeats fromIps\[0\]/,
    },
    { name: "a comment on two lines", inputs: { comment: "ci\nadmin" }, property: "comment", reason: /single line/ },
    { name: "a hosting id that is not a number", inputs: { hostingId: "101" }, property: "hostingId", reason: /number/ },
    { name: "a property the resource does not have", inputs: { key: SEEDED_MD5 }, property: "key", reason: /no property/ },
    { name: "adopt that is not a boolean", inputs: { adopt: "yes" }, property: "adopt", reason: /boolean/ },
  ])("fails check on $name, naming the property, without calling the API", async ({ inputs, property, reason }) => {
    const failures = await t.engine.checkFailures({ ...base, ...inputs });
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)!.reason).toMatch(reason);
    expect(t.sim.requests.count()).toBe(0);
  });
});
