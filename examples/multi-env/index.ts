/**
 * One site, three stacks. `dev`, `staging` and `prod` run this same program; everything that
 * differs between them (hosting account, host name, PHP settings, deploy key) is stack config in
 * `Pulumi.<stack>.yaml`, so a change reviewed on `staging` is exactly the change `prod` gets.
 */
import * as pulumi from "@pulumi/pulumi";
import { DnsRecordSet, FtpAccount, PhpOptions, SshKey } from "pulumi-hosting-reseller";

const config = new pulumi.Config();

const hostingId = config.requireNumber("hostingId");
const domain = config.require("domain");
const hostName = config.require("hostName");

const site = new DnsRecordSet("site", {
  domain,
  hostingId,
  name: hostName,
  type: "A",
  // Short TTLs where addresses move often, long ones where they must not.
  ttl: config.requireNumber("ttl"),
  records: [config.require("serverIp")],
});

// One PhpOptions per (account, PHP version): stacks that share an account use different versions.
new PhpOptions("php", {
  hostingId,
  phpVersion: config.require("phpVersion"),
  options: config.requireObject<Record<string, string | number | boolean>>("phpOptions"),
});

const deploy = new FtpAccount("deploy-ftp", {
  hostingId,
  domain,
  user: `deploy-${hostName}`,
  path: `/public_html/${hostName}`,
  createFolder: true,
  password: config.requireSecret("ftpPassword"),
});

const key = new SshKey("deploy-ssh", {
  hostingId,
  publicKey: config.require("deployKey"),
  fromIps: config.requireObject<string[]>("deployFrom"),
});

export const url = pulumi.interpolate`https://${site.name}.${site.domain}/`;
export const ftpLogin = deploy.username;
export const sshFingerprint = key.fingerprint;
