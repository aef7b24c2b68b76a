import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { formatSshPublicKey, isAddressOrCidr, md5Fingerprint, parseSshPublicKey } from "../../src/util/ssh-public-key";

/**
 * Keys made by `ssh-keygen` (OpenSSH 9), with the fingerprints it printed for them
 * (`ssh-keygen -l -E md5 -f` and `-E sha256`): an implementation independent of ours.
 */
const OPENSSH = {
  ed25519: {
    line: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNOcBSpIi1zDfJOtCaY06hdrymoZ0c1XdXWoj+3deQF ci-deploy@agency-demo.com",
    md5: "a4:77:51:08:bf:6e:ab:6f:50:84:b7:67:99:c8:f8:f7",
    sha256: "SHA256:OQRnuBdB0reXU5jrBaLEj3cWqDdbYce4eRJl2Fr4g5c",
  },
  rsa2048: {
    line: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDEEKLKboNeCvE6ws+nfAchf/RTP5Y5oNGWNukMdgwbN6apOo0Oyia2LwS3T1eIJPKXfjKnaVkWlmkIfoY0wfa6ZyiONj+p7q+hLM6/iZo1dTVVZs7wYQQZ6WkWr+5/kflcNH/an8XQZs8J+pM750TLKzYcM4bZv0wb+JoLyXlbyrOzgcrSt2QqzN6ccK84kpC9viZjYtkV4cBHsuV+8L51YJYWsAUJBH4jPpCTQ87oiIl/tWYPSRQUzU68thXldtULYGzbm8KM/4qjOPkL7E/q7Wcmv/737RcplHeb3Jzb+uMkIc7Ux3EKrr80L+mitNwlaHPB4czmKIJQoceIroIv rsa2048",
    md5: "73:35:df:34:41:fa:3a:08:c9:7f:b0:30:8f:f6:38:4f",
    sha256: "SHA256:Ry1KReJgOZIXbJFfoxKSoxImZPj9rxDzVctn0gF1LYY",
  },
  rsa1024:
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC5U2riVg3bwvjyLNK0sc7mBgBpuORcIjrhVOdtn6Bg+ceqeIf/rmkVwhNx88TyjPw2kJc9aE0U9nDSoF7njnBdcqHNn6YJdseFaS3Ipw36/WgEPaaXe4nIATIFJ4C4RFJkWFH91YCWhD3AgZ26ocqyRVtPg6o2Jj8U8MY7f35tBQ== rsa1024",
  ecdsa384: {
    line: "ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBOc19spqsHoK5V7gBSe5TPn7gDBhT+HG2PLpItohV+6E1DWZURz+yFvF6YIKJca3U7Y9YkoDw0zEkVcONcTGL5+AW27PO6W1ln8ArutQcV5qdydy/fefri5l6H78++NNjA== ecdsa384",
    md5: "2c:b9:cd:23:9c:de:a2:17:5a:fa:5e:95:e1:c6:82:2f",
    sha256: "SHA256:KfH6KaLJYmb3amHSA3PdcmKpEpELJo1gSF/v1eo+pqs",
  },
};

/** SSH wire `string`, to build malformed blobs by hand. */
function wire(...parts: (string | Buffer)[]): Buffer {
  return Buffer.concat(
    parts.map((p) => {
      const body = typeof p === "string" ? Buffer.from(p, "latin1") : p;
      const len = Buffer.alloc(4);
      len.writeUInt32BE(body.length);
      return Buffer.concat([len, body]);
    }),
  );
}

const pem = (key: ReturnType<typeof generateKeyPairSync>["publicKey"]) => key.export({ type: "spki", format: "pem" }).toString();

describe("parseSshPublicKey", () => {
  it.each([
    ["Ed25519", OPENSSH.ed25519, "ssh-ed25519", 256],
    ["RSA 2048", OPENSSH.rsa2048, "ssh-rsa", 2048],
    ["ECDSA P-384", OPENSSH.ecdsa384, "ecdsa-sha2-nistp384", 384],
  ] as const)("gives the same fingerprints as ssh-keygen for an %s key", (_, vector, type, bits) => {
    const key = parseSshPublicKey(vector.line);
    expect(key).toMatchObject({ type, bits, fingerprintMd5: vector.md5, fingerprintSha256: vector.sha256 });
    expect(key.comment).toBe(vector.line.split(" ")[2]);
    expect(md5Fingerprint(key.blob)).toBe(vector.md5);
  });

  it.each([
    ["ed25519", {}, "ssh-ed25519", 256],
    ["ec", { namedCurve: "P-256" }, "ecdsa-sha2-nistp256", 256],
    ["ec", { namedCurve: "P-384" }, "ecdsa-sha2-nistp384", 384],
    ["ec", { namedCurve: "P-521" }, "ecdsa-sha2-nistp521", 521],
    ["rsa", { modulusLength: 3072 }, "ssh-rsa", 3072],
  ] as const)("accepts a freshly generated %s key %j as %s of %i bits", (alg, options, type, bits) => {
    const { publicKey } = generateKeyPairSync(alg as "ec", options as { namedCurve: string });
    const key = parseSshPublicKey(formatSshPublicKey(publicKey, "laptop"));
    expect(key).toMatchObject({ type, bits, comment: "laptop" });
    expect(key.fingerprintMd5).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(key.fingerprintSha256).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it("formats an RSA key exactly as node-forge's OpenSSH encoder does", () => {
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const ours = formatSshPublicKey(publicKey, "deploy");
    const theirs = forge.ssh.publicKeyToOpenSSH(forge.pki.publicKeyFromPem(pem(publicKey)), "deploy");
    expect(ours).toBe(theirs);
    expect(parseSshPublicKey(theirs).bits).toBe(2048);
  });

  it("refuses a 1024-bit RSA key and says how many bits it has", () => {
    expect(() => parseSshPublicKey(OPENSSH.rsa1024)).toThrow("RSA keys must have at least 2048 bits; this one has 1024");
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    expect(() => parseSshPublicKey(forge.ssh.publicKeyToOpenSSH(forge.pki.publicKeyFromPem(pem(publicKey))))).toThrow(/at least 2048 bits/);
  });

  it("refuses a blob cut short in the middle of its key", () => {
    const blob = Buffer.from(OPENSSH.ed25519.line.split(" ")[1]!, "base64");
    const line = `ssh-ed25519 ${blob.subarray(0, blob.length - 5).toString("base64")}`;
    expect(() => parseSshPublicKey(line)).toThrow(/^Invalid SSH public key: the key blob is truncated inside its public key$/);
  });

  it("refuses a blob with bytes after its last field", () => {
    const blob = Buffer.concat([Buffer.from(OPENSSH.ed25519.line.split(" ")[1]!, "base64"), Buffer.from([0])]);
    expect(() => parseSshPublicKey(`ssh-ed25519 ${blob.toString("base64")}`)).toThrow(/trailing bytes/);
  });

  it("refuses key data that is not base64", () => {
    expect(() => parseSshPublicKey("ssh-ed25519 not*base64! me@host")).toThrow(/not valid base64/);
  });

  it("refuses a line whose type differs from the type inside the blob", () => {
    const ed = OPENSSH.ed25519.line.split(" ")[1]!;
    expect(() => parseSshPublicKey(`ssh-rsa ${ed}`)).toThrow('the key data is of type "ssh-ed25519" but the line says "ssh-rsa"');
  });

  it("refuses an ECDSA blob that names another curve than its type", () => {
    const point = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]);
    const blob = wire("ecdsa-sha2-nistp256", "nistp384", point);
    expect(() => parseSshPublicKey(`ecdsa-sha2-nistp256 ${blob.toString("base64")}`)).toThrow(
      /needs curve nistp256, the key data names "nistp384"/,
    );
  });

  it("refuses an ECDSA point of the wrong size", () => {
    const blob = wire("ecdsa-sha2-nistp256", "nistp256", Buffer.concat([Buffer.from([4]), Buffer.alloc(10, 1)]));
    expect(() => parseSshPublicKey(`ecdsa-sha2-nistp256 ${blob.toString("base64")}`)).toThrow(/65 bytes long/);
  });

  it("refuses an Ed25519 key that is not 32 bytes", () => {
    const blob = wire("ssh-ed25519", Buffer.alloc(31, 7));
    expect(() => parseSshPublicKey(`ssh-ed25519 ${blob.toString("base64")}`)).toThrow(/32 bytes; this one has 31/);
  });

  it("refuses DSA keys, PEM blocks, empty input and several lines", () => {
    expect(() => parseSshPublicKey(`ssh-dss ${wire("ssh-dss").toString("base64")}`)).toThrow(/unsupported key type "ssh-dss"/);
    const { publicKey } = generateKeyPairSync("ed25519");
    expect(() => parseSshPublicKey(pem(publicKey))).toThrow(/PEM block/);
    expect(() => parseSshPublicKey("   ")).toThrow(/empty/);
    expect(() => parseSshPublicKey(`${OPENSSH.ed25519.line}\n${OPENSSH.ecdsa384.line}`)).toThrow(/single line/);
  });

  it("keeps a comment with spaces and ignores surrounding whitespace", () => {
    const [type, data] = OPENSSH.ed25519.line.split(" ");
    const key = parseSshPublicKey(`  ${type}   ${data}   Alex's laptop (2026)  \n`);
    expect(key.comment).toBe("Alex's laptop (2026)");
    expect(key.fingerprintMd5).toBe(OPENSSH.ed25519.md5);
    expect(parseSshPublicKey(`${type} ${data}`).comment).toBe("");
  });
});

describe("isAddressOrCidr", () => {
  it.each(["203.0.113.7", "203.0.113.0/24", "0.0.0.0/0", "2001:db8::1", "2001:db8::/32", "::/0"])("accepts %s", (value) => {
    expect(isAddressOrCidr(value)).toBe(true);
  });

  it.each(["203.0.113.256", "203.0.113.0/33", "2001:db8::/129", "example.com", "10.0.0.0/", "10.0.0.0/8/8", ""])("refuses %j", (value) => {
    expect(isAddressOrCidr(value)).toBe(false);
  });
});
