/**
 * An agency's site on one hosting account: its domain, DNS, a redirect for the accented brand
 * name, published object storage, PHP settings, a TLS certificate and firewall exceptions for the
 * client shop, and the access a deployment pipeline needs (FTP, SSH, database privileges).
 *
 * The program is a function so that `index.ts` (what `pulumi up` runs), the tests and
 * `npm run demo` all run the very same code: `index.ts` builds the configuration from stack
 * config, the others pass theirs directly.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  CustomSsl,
  DatabaseUserGrant,
  DnsRecordSet,
  DomainRegistration,
  FtpAccount,
  getAccountInfoOutput,
  getDomainAvailabilityOutput,
  getTldPricingOutput,
  ObjectStorageAccount,
  ObjectStorageUrl,
  PhpOptions,
  Redirection,
  SshKey,
  SslCsr,
  WafDisabledRules,
  type ContactArgs,
} from "pulumi-hosting-reseller";

/**
 * Everything that differs from one agency (or one stack) to the next.
 *
 * @example
 * const config: HostingSiteConfig = { ...demoSiteConfig, ftpPassword: pulumi.secret("Release-Pass-2026") };
 */
export interface HostingSiteConfig {
  /** The hosting account the site lives on. */
  hostingId: number;
  /** The agency's domain, already in the reseller account: adopted, never ordered. */
  domain: string;
  /** The WHOIS contact declared for every role of the domain. */
  contact: ContactArgs;
  /** The most a renewal of the domain may cost (only an update with a `minimumExpiry` renews). */
  maxRenewalPrice: number;
  /** Address of the web server the `app` record points at. */
  serverIp: string;
  /** Name of the application's record in the zone (`app` gives `app.<domain>`). */
  appRecordName: string;
  /** The DMARC policy published at `_dmarc.<domain>`. */
  dmarcPolicy: string;
  /** The client shop's domain, attached to the same hosting account. */
  shopDomain: string;
  /** Firewall rules the shop's payment callbacks trip over. */
  shopWafDisabledRules: number[];
  /** A PEM certificate issued for the shop's CSR; unset: the CSR's self-signed certificate. */
  shopCertificate?: pulumi.Input<string>;
  /** The brand name with its accent (`café.com`), redirected to the agency's site. */
  aliasDomain: string;
  /** Where the object-storage bucket is published on the agency's domain. */
  mediaPath: string;
  phpVersion: string;
  /** php.ini options the site needs; any option not named is left alone. */
  phpOptions: Record<string, string | number | boolean>;
  /** The deployment pipeline's FTP login (`<user>@<domain>`) and its directory. */
  ftpUser: string;
  ftpPath: string;
  ftpPassword: pulumi.Input<string>;
  /** The deployment pipeline's SSH public key and the networks it connects from. */
  sshPublicKey: string;
  sshAllowedFrom: string[];
  /** The WordPress database and user that existed before this stack (prefixed names). */
  database: string;
  databaseUser: string;
  /** A name the agency considers registering next: its availability is reported, nothing is ordered. */
  candidateDomain: string;
}

/**
 * The configuration that matches the simulator's `demo` seed (hosting account 101, `agencyde`).
 * Only the FTP password is missing: pass it as a secret.
 *
 * @example
 * hostingSite({ ...demoSiteConfig, ftpPassword: pulumi.secret("Release-Pass-2026") });
 */
export const demoSiteConfig: Omit<HostingSiteConfig, "ftpPassword"> = {
  hostingId: 101,
  domain: "agency-demo.com",
  contact: {
    firstName: "Alex",
    lastName: "Martin",
    email: "alex@example.org",
    address1: "1 Example Street",
    city: "Montreal",
    postalCode: "H2X 1Y4",
    state: "QC",
    countryCode: "CA",
    phone: "+1.5145550100",
  },
  maxRenewalPrice: 20,
  serverIp: "198.51.100.10",
  appRecordName: "app",
  dmarcPolicy: "v=DMARC1; p=quarantine; rua=mailto:dmarc@agency-demo.com",
  shopDomain: "client-shop.net",
  shopWafDisabledRules: [942100, 942200],
  aliasDomain: "café.com",
  mediaPath: "/media",
  phpVersion: "8.2",
  phpOptions: { max_execution_time: 120, upload_max_filesize: "128M", post_max_size: "128M" },
  ftpUser: "release",
  ftpPath: "/public_html",
  sshPublicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbrokt+yh6obXoNfdCVU0zIkDSex0Z18k75yIe0ONaz ci-release@agency-demo.com",
  sshAllowedFrom: ["203.0.113.0/24", "2001:db8:10::/48"],
  database: "agencyde_wp",
  databaseUser: "agencyde_wpuser",
  candidateDomain: "agency-demo.shop",
};

/**
 * Declares the site and returns its stack outputs.
 *
 * @example
 * // index.ts
 * export = hostingSite(readStackConfig());
 */
export function hostingSite(config: HostingSiteConfig) {
  const { hostingId } = config;
  const tld = config.domain.slice(config.domain.indexOf(".") + 1);

  // Read-only lookups: they run on every preview and up, and place no order.
  const pricing = getTldPricingOutput();
  const account = getAccountInfoOutput();
  const candidate = getDomainAvailabilityOutput({ domain: config.candidateDomain });
  pulumi.all([pricing, account]).apply(([prices, info]) => {
    const renewal = prices.tlds[tld]?.renew;
    if (renewal !== undefined && (info.creditRemaining ?? 0) < renewal) {
      void pulumi.log.warn(
        `the reseller credit (${info.creditRemaining} ${info.creditCurrency}) no longer covers a .${tld} renewal (${renewal})`,
      );
    }
  });

  // The domain is already registered in the account: adopting it places no order and spends no
  // credit. The declared contacts, nameservers and lock are what the account shows, so adopting
  // changes nothing; from now on the program owns them.
  const domain = new DomainRegistration("domain", {
    domain: config.domain,
    adopt: true,
    maxPrice: config.maxRenewalPrice,
    registrarLock: true,
    idProtection: false,
    nameservers: ["nsa.n0c.com", "nsb.n0c.com", "nsc.n0c.com"],
    registrant: config.contact,
    adminContact: config.contact,
    billingContact: config.contact,
    techContact: config.contact,
  });

  const app = new DnsRecordSet("app", {
    domain: domain.domain,
    hostingId,
    name: config.appRecordName,
    type: "A",
    ttl: 3600,
    records: [config.serverIp],
  });
  new DnsRecordSet("dmarc", { domain: domain.domain, hostingId, name: "_dmarc", type: "TXT", records: [config.dmarcPolicy] });

  // The accented brand name (stored as `xn--caf-dma.com`) sends visitors to the real site.
  new Redirection("alias", { hostingId, domain: config.aliasDomain, destinationUrl: pulumi.interpolate`https://${domain.domain}/` });

  // Object storage holds the site's media; the bucket answers under /media of the domain.
  const storage = new ObjectStorageAccount("storage", { hostingId });
  new ObjectStorageUrl("media", { hostingId, uri: config.mediaPath, domain: domain.domain }, { dependsOn: [storage] });

  new PhpOptions("php", { hostingId, phpVersion: config.phpVersion, options: config.phpOptions });

  // The shop's key pair is generated by the API; the certificate a CA issues for `csr.csr` goes in
  // `shopCertificate`. Until then the CSR's self-signed certificate is served.
  const csr = new SslCsr("shop-csr", {
    hostingId,
    domain: config.shopDomain,
    countryCode: config.contact.countryCode,
    state: config.contact.state,
    localityName: config.contact.city,
    organizationName: "Client Shop",
    organizationUnitName: "Web",
    email: `admin@${config.shopDomain}`,
  });
  const certificate = new CustomSsl("shop-certificate", {
    hostingId,
    domain: config.shopDomain,
    certificate: config.shopCertificate ?? csr.selfSignedCert,
    privateKey: csr.privateKey,
  });
  new WafDisabledRules("shop-waf", { hostingId, domain: config.shopDomain, ruleIds: config.shopWafDisabledRules });

  const ftp = new FtpAccount("release-ftp", {
    hostingId,
    domain: domain.domain,
    user: config.ftpUser,
    path: config.ftpPath,
    password: config.ftpPassword,
  });
  const ssh = new SshKey("release-ssh", { hostingId, publicKey: config.sshPublicKey, fromIps: config.sshAllowedFrom });

  // The WordPress database, its user and the user's grant predate this stack: `adopt: true` takes
  // the grant over (the first `up` would otherwise stop, naming it), it is managed while the
  // stack exists, and left in place when it is destroyed.
  new DatabaseUserGrant(
    "wordpress-grant",
    { hostingId, database: config.database, user: config.databaseUser, privileges: ["ALL PRIVILEGES"], adopt: true },
    { retainOnDelete: true },
  );

  return {
    appFqdn: app.fqdn,
    domainExpires: domain.expiryDate,
    shopCertificateExpires: certificate.notAfter,
    ftpLogin: ftp.username,
    sshFingerprint: ssh.fingerprint,
    storageBucket: storage.name,
    creditRemaining: account.creditRemaining,
    renewalPrice: pricing.apply((prices) => prices.tlds[tld]?.renew),
    candidateAvailable: candidate.available,
  };
}
