/**
 * What `pulumi up` runs: the site of `site.ts`, configured from stack config. `Pulumi.yaml`
 * gives every key a default that matches the simulator's `demo` seed; set your own with
 * `pulumi config set`, and the FTP password with `pulumi config set --secret ftpPassword`.
 */
import * as pulumi from "@pulumi/pulumi";
import { hostingSite, type HostingSiteConfig } from "./site";

const config = new pulumi.Config();

const siteConfig: HostingSiteConfig = {
  hostingId: config.requireNumber("hostingId"),
  domain: config.require("domain"),
  contact: config.requireObject<HostingSiteConfig["contact"]>("contact"),
  maxRenewalPrice: config.requireNumber("maxRenewalPrice"),
  serverIp: config.require("serverIp"),
  appRecordName: config.require("appRecordName"),
  dmarcPolicy: config.require("dmarcPolicy"),
  shopDomain: config.require("shopDomain"),
  shopWafDisabledRules: config.requireObject<number[]>("shopWafDisabledRules"),
  shopCertificate: config.get("shopCertificate"),
  aliasDomain: config.require("aliasDomain"),
  mediaPath: config.require("mediaPath"),
  phpVersion: config.require("phpVersion"),
  phpOptions: config.requireObject<Record<string, string | number | boolean>>("phpOptions"),
  ftpUser: config.require("ftpUser"),
  ftpPath: config.require("ftpPath"),
  ftpPassword: config.requireSecret("ftpPassword"),
  sshPublicKey: config.require("sshPublicKey"),
  sshAllowedFrom: config.requireObject<string[]>("sshAllowedFrom"),
  database: config.require("database"),
  databaseUser: config.require("databaseUser"),
  candidateDomain: config.require("candidateDomain"),
};

const outputs = hostingSite(siteConfig);

export const appFqdn = outputs.appFqdn;
export const domainExpires = outputs.domainExpires;
export const shopCertificateExpires = outputs.shopCertificateExpires;
export const ftpLogin = outputs.ftpLogin;
export const sshFingerprint = outputs.sshFingerprint;
export const storageBucket = outputs.storageBucket;
export const creditRemaining = outputs.creditRemaining;
export const renewalPrice = outputs.renewalPrice;
export const candidateAvailable = outputs.candidateAvailable;
