/**
 * Bad inputs for every resource type, generated from the input schemas, and the proof that each
 * is refused before any API call (issue 12 items 5 and 7).
 *
 * For each type of the registry there is one valid base input. Every leaf of it is found by
 * walking the value with the type's input schemas, and bad values are made per kind of leaf, not
 * listed one by one:
 *
 * - every string: each control character of a sample of C0, DEL and C1 (and the line and
 *   paragraph separators), each bidirectional control, lone surrogates, one character past its
 *   declared length limit and 100,000 characters, and each JSON type the schema does not take;
 * - every number: NaN, the infinities, one past each bound the schema declares, a fraction where
 *   it takes whole numbers, an unsafe integer, and the other JSON types;
 * - every boolean, array, object and map: the JSON types it does not take, an empty or too long
 *   list where the schema bounds its length;
 * - every required property: left out; every property: misspelt (an unknown property);
 * - and per kind of property (a domain, a registrable domain, a nameserver, a cron schedule, a
 *   URL, an e-mail address, a PEM block, ...): values that look right but are not, such as
 *   URL-ish domains, punycode that does not decode, `www.example.com` as a registration, IP
 *   addresses as nameservers and `H 0 * * *` as a schedule;
 * - and per kind of property, values that become something else once normalised: path segments
 *   that are `.` or `..` once percent-decoded and NFKC-normalised (`．．`, `‥`, `%2e%2e`), code
 *   points NFKC changes in paths, user names and commands, country codes ISO 3166-1 does not
 *   assign (`XX`, `EU`, `UK`), a CNAME at the zone's apex or beside other records, and MX, NS and
 *   SRV targets that are IP addresses or URLs.
 *
 * Each bad input belongs to one class (`BAD_INPUT_CLASSES`), and the figures count each class
 * apart, so a report shows how many of each were tried.
 *
 * A bad input is refused properly when the runtime's `check` fails with a failure on the
 * property it was made at, no failure message quotes more than 60 characters of it, and not a
 * single request reaches the simulator (the engine never creates with inputs `check` refused,
 * and `create` takes the checked inputs as they are). Anything else
 * counts as accepted. `runBadInputs` runs them all and gives the figures of the reliability
 * report; the test suite (`test/provider/bad-inputs.test.ts`) asserts on the same run.
 */
import { generateKeyPairSync } from "node:crypto";
import type { z } from "zod";
import {
  DEFAULT_TEXT_RULE,
  QUOTE_MAX,
  inputSchemaFor,
  quote,
  unwrapInput,
  type CheckFailure,
  type TextRule,
} from "../../src/provider/lifecycle/check";
import { check, configure, reset } from "../../src/runtime";
import { RESOURCES, type ResourceType } from "../../src/resources/registry";
import { startSimulator, type Simulator } from "../../packages/simulator/src";
import { generateSelfSigned } from "../../packages/simulator/src/x509";
import { formatSshPublicKey } from "../../src/util/ssh-public-key";

type Props = Record<string, unknown>;
type Path = (string | number)[];
type AnySchema = z.core.$ZodType;

/**
 * The classes of bad input, each counted apart in the figures: what every leaf gets by its JSON
 * kind, what every string gets from the text rules, the look-alikes of each kind of property,
 * and the values that become something else once normalised.
 */
export const BAD_INPUT_CLASSES = [
  "wrong JSON type",
  "text rules",
  "numbers out of bounds",
  "list lengths",
  "missing or null",
  "unknown property",
  "look-alike values",
  "dot segments after normalisation",
  "code points NFKC changes",
  "non-ISO 3166-1 country codes",
  "CNAME at the apex",
  "CNAME beside other records",
  "MX, NS and SRV targets that are IPs or URLs",
] as const;
export type BadInputClass = (typeof BAD_INPUT_CLASSES)[number];

/** One bad input: the inputs of a resource with one bad value at `property`. */
export interface BadInput {
  type: ResourceType;
  /** Which class of bad input it is, as the figures count them. */
  class: BadInputClass;
  /** Where the bad value is, as check failures name it (`registrant.city`, `nameservers[0]`). */
  property: string;
  /** What makes it bad (`U+0000`, `longer than 254`, `registrable domain`, ...). */
  rule: string;
  inputs: Props;
  value: unknown;
}

/** What running a bad input showed: nothing when it was refused properly. */
export interface Verdict {
  accepted: boolean;
  /** Why it counts as accepted. */
  why?: string;
}

/** The figures of the reliability report. */
export interface BadInputFigures {
  badInputsTried: number;
  badInputsAccepted: number;
  perType: Record<string, { tried: number; accepted: number }>;
  /** Per class of `BAD_INPUT_CLASSES`, in that order. */
  perClass: Record<string, { tried: number; accepted: number }>;
  accepted: { type: string; property: string; value: string }[];
}

// ---- the values of each kind ----

/** C0 controls, DEL, C1 controls and the line and paragraph separators: refused in every string. */
const CONTROLS = [0x00, 0x01, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f, 0x2028, 0x2029];
/** The bidirectional controls of UAX #9. */
const BIDI = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
/** Lone surrogates: not Unicode text, so not UTF-8. */
const SURROGATES = ["\ud800", "\udc00"];
const HUGE = 100_000;

/** Labels of 63, 63, 63 and 62 characters: 254 characters, one past the longest name. */
const NAME_254 = ["a".repeat(63), "b".repeat(63), "c".repeat(63), "d".repeat(62)].join(".");

/**
 * Values that are no domain name, made from a valid one: URLs and parts of URLs, white space,
 * invisible characters, bad punycode, symbols, bad labels, IP addresses, too long.
 */
function badDomains(d: string): string[] {
  return [
    `${d}/agency-demo.com`,
    `evil.org/${d}`,
    `${d}?x=1`,
    `${d}#top`,
    `${d}\\x`,
    `${d}:443`,
    `admin@${d}`,
    `https://${d}`,
    `//${d}`,
    ` ${d}`,
    `${d} `,
    "exa mple.com",
    "%65xample.com",
    `${d}\uff0fx.com`,
    "exa\u00admple.com",
    "exa\u200bmple.com",
    "exa\ufeffmple.com",
    "xn--zz-invalid.com",
    "xn--a.com",
    "xn--.com",
    "xn--caf-dma.xn--zz-invalid",
    "\u229d\u2299.com",
    "xn--ls8h.la",
    `-${d}`,
    "a-.com",
    "a..com",
    `.${d}`,
    `${d}..`,
    `*.${d}`,
    `_x.${d}`,
    `${"a".repeat(64)}.com`,
    NAME_254,
    "192.0.2.1",
    "[2001:db8::1]",
    "2001:db8::1",
    "0x7f.1",
    "localhost",
    "com",
    "",
    "example.123",
  ];
}

/** Domains a registrar cannot register: names under a domain, public suffixes, unknown TLDs. */
function badRegistrable(d: string): string[] {
  return [...badDomains(d), `www.${d}`, `mail.${d}`, "co.uk", "example.notatld", "foo.github.io"];
}

const BAD_NAMESERVERS = [
  "192.0.2.53",
  "2001:db8::53",
  "[2001:db8::53]",
  "ns1",
  "ns1.example.net:53",
  "ns1.example.net/",
  "-ns.example.net",
  "ns1..example.net",
  "ns_1.example.net",
  ".",
  "@",
  "ns1.example.123",
  "https://ns1.example.net",
  " ns1.example.net",
  "ns1.xn--zz-invalid.com",
  "",
  "ns2.example.net",
];
const BAD_HOSTS = [
  "192.0.2.1",
  "mx1.example.net:25",
  "mx1..example.net",
  "-mx.example.net",
  "mx1.xn--zz-invalid.com",
  "https://mx1.example.net",
  "mx 1.example.net",
  "",
];
const BAD_RECORD_NAMES = [
  "www.other.org.",
  "a..b",
  "-www",
  "www-",
  "a.*",
  "*.*",
  "w w",
  "www/x",
  "x:y",
  "www@",
  "xn--zz-invalid",
  "exa\u00admple",
  " www",
  "a".repeat(64),
];
const BAD_IPV4 = ["999.1.1.1", "1.2.3", "0x7f.0.0.1", "010.1.1.1", "2001:db8::1", "example.com", "198.51.100.7/24", "", " "];
const BAD_TXT = ["", '"unclosed', '"a" b', '"\\300"'];
const BAD_IGNORE = ["a b", "*:NOPE", ":TXT", "ab/c", "", "\u00e4*"];
const BAD_URLS = [
  "/shop",
  "shop",
  "ftp://client-shop.net/",
  "javascript:alert(1)",
  "data:text/html,x",
  "file:///etc/passwd",
  "https://user:pw@client-shop.net/",
  "https://",
  "https://agency-demo.com/",
  "https://evil.org\\@client-shop.net/",
  " https://client-shop.net/",
  "https://xn--zz-invalid.com/",
  "https://intranet/",
  "http://exa mple.com/",
];
const BAD_FROM_IPS = [
  "10.1.2.3/8",
  "300.1.1.1",
  "fe80::1%eth0",
  "10.0.0.0/33",
  "010.1.1.1",
  "example.com",
  "10.0.0.0/",
  "::/129",
  "0x0a.0.0.1",
];
const BAD_FTP_USERS = ["ci@example.com", "-ci", ".ci", "c i", "ci!", "ci/x", "\u00fc", ""];
const BAD_FTP_PATHS = ["/public_html/../etc", "..", "./x", "a\\b", "", "/a/./b", " "];
const BAD_STORAGE_URIS = ["/a b", "/a?b", "/a#b", "/..", "/", "", "/a%20b", "/\u00e4", "//"];
const BAD_PASSWORDS = ["short1a", "nodigitsatall", "1234567890123", "has@sign123a", ""];
const BAD_MAIL_USERS = ["sales@example.com", "-sales", ".sales", "sales.", "sa..les", "sa les", "sales!", "sales/x", "\u00fc", ""];
/** Each misses one part of the mailbox rule: length, lower case, upper case, digit, symbol. */
const BAD_MAIL_PASSWORDS = ["Sh0rt-!", "NO-LOWER-2026", "no-upper-2026", "No-Digits-Here", "NoSymbol2026", ""];
const BAD_PHP_VERSIONS = ["8", "8.2.1", "php8.2", "v8.2", "8,2", "8.x", ""];
const BAD_COUNTRIES = ["CAN", "C", "1A", "C A", "", " CA"];
const BAD_PHONES = ["5145550100", "+1.abc", "+12345678901234567890", "++1.5145550100", "+1 514 555 0100 ext 2"];
const BAD_DATES = ["2026-02-30", "2026-13-01", "26-01-01", "2026/01/01", "tomorrow", "2026-1-1"];
const BAD_PRIVILEGES = ["SELEC", "GRANT OPTION", "SUPER", "ALL", "SELECT;DROP", "SELECT"];
const BAD_DB_NAMES = ["my-db", "my db", "db;drop", "db.name", "\u00fc", ""];
const BAD_EMAILS = [
  "no-at",
  "a@",
  "@b.com",
  "a@b",
  "a@evil.org/x.com",
  "a@exa mple.com",
  "a b@example.com",
  "a@xn--zz-invalid.com",
  "a@@example.com",
  "<a@example.com>",
  "a@example.com, b@example.com",
  "a@192.0.2.1",
];
const BAD_CRON = [
  "H 0 * * *",
  "0 0 ? * 1#2",
  "0 0 L * *",
  "0 0 15W * *",
  "0 0 * * MON#2",
  "R * * * *",
  "@daily",
  "* * * * * *",
  "* * *",
  "60 * * * *",
  "* 24 * * *",
  "0 0 0 * *",
  "0 0 * 13 *",
  "0 0 * * 8",
  "*/0 * * * *",
  "1- * * * *",
  "0 0 31 2 *",
  "5/10 * * * *",
  "",
];
const BAD_OPTION_NAMES = ["1abc", "a-b", "a b", "a;b"];
const BAD_EXTENSION_NAMES = ["-x", "a b", "x/y", ".x"];
const BAD_SLDS = ["www.fresh-site", "fresh_site", "-fresh", "other-site", ""];
const BAD_TLDS = ["co.uk", "notatld", "net", "c om", ""];

/** Path segments that are `.` or `..` once percent-decoded and NFKC-normalised, after `prefix`. */
function normalisingDotPaths(prefix: string): string[] {
  return [
    "\uff0e\uff0e/\uff0e\uff0e/etc",
    "\u2025/etc",
    "\u2024",
    "%2e%2e/etc",
    "%2E%2E/etc",
    "%2E./etc",
    ".%2e/etc",
    "%2e",
    "%252e%252e/etc",
    "%EF%BC%8E%EF%BC%8E/etc",
    "\uff05\uff12\uff45\uff05\uff12\uff45/etc",
    "x\uff0f../etc",
    "x%2f..",
    "\uff0e./etc",
  ].map((tail) => `${prefix}${tail}`);
}

/** Code points NFKC changes (full-width forms, ligatures, superscripts, compatibility letters) and NFD text, in `text`. */
function nfkcChanged(text: string): string[] {
  const chars = Array.from(text);
  const fullWidth = chars.map((ch) => (/[!-~]/.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! + 0xfee0) : ch)).join("");
  const first = chars.findIndex((ch) => /[a-z]/.test(ch));
  const at = (replacement: string) => [...chars.slice(0, first), replacement, ...chars.slice(first + 1)].join("");
  return [
    fullWidth,
    at(String.fromCodePoint(chars[first]!.codePointAt(0)! + 0xfee0)),
    `${text}\u00b2`,
    `${text}\ufb01`,
    at("\u212a"),
    `${text}\u2168`,
    `${text}\u2126`,
    `${text}e\u0301`,
    insertMiddle(text, "\u3000"),
    insertMiddle(text, "\uff0f"),
  ];
}

/** Two-letter codes that are no officially assigned ISO 3166-1 country: user-assigned, reserved, withdrawn, CLDR's own. */
const NON_ISO_COUNTRIES = [
  "XX",
  "xx",
  "ZZ",
  "AA",
  "QO",
  "XA",
  "XK",
  "EU",
  "eu",
  "UN",
  "EZ",
  "AC",
  "CP",
  "DG",
  "EA",
  "IC",
  "TA",
  "CQ",
  "UK",
  "SU",
  "YU",
  "ZR",
  "FX",
  "AN",
];

/** Names of the apex of agency-demo.com. */
const APEX_NAMES = ["@", "", "@.", "agency-demo.com.", "agency-demo.com", "AGENCY-DEMO.COM."];

/** Targets that are IP addresses or URLs, not host names, for MX and NS records. */
const TARGETS_NOT_HOSTS = [
  "192.0.2.25",
  "192.0.2.25.",
  "2001:db8::25",
  "[2001:db8::25]",
  "::ffff:192.0.2.25",
  "0x7f.1",
  "\uff11\uff19\uff12.\uff10.\uff12.\uff12\uff15",
  "https://mx1.example.net",
  "http://mx1.example.net/",
  "smtp://mx1.example.net",
  "mailto:postmaster@example.net",
  "//mx1.example.net",
  "mx1.example.net:25",
  "mx1.example.net/",
  "postmaster@mx1.example.net",
];

/** Real keys and certificates for the bases and for the PEM values that belong to another key or name. */
export interface Material {
  site: { cert: string; key: string };
  other: { cert: string; key: string };
  sshKey: string;
  sshRsa1024: string;
}

/**
 * Generates the keys and certificates (a few RSA keys: the slow part, about a second).
 *
 * @example
 * const m = material(); badInputs(m).length === badInputs(m).length; // true: same cases for the same material
 */
export function material(): Material {
  const site = generateSelfSigned({ commonName: "agency-demo.com", altNames: ["agency-demo.com"] });
  const other = generateSelfSigned({ commonName: "client-shop.net" });
  return {
    site,
    other,
    sshKey: `${formatSshPublicKey(generateKeyPairSync("ed25519").publicKey, "ci@agency-demo.com")}\n`,
    sshRsa1024: formatSshPublicKey(generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey, "old"),
  };
}

/**
 * The values that look right for a kind of property but are not, given the valid value they
 * replace (`text`) and the keys and certificates of the run.
 */
const KIND_VALUES = {
  domain: (text) => badDomains(text),
  registrable: (text) => badRegistrable(text),
  domainOrEmpty: (text) => badDomains(text).filter((d) => d !== ""),
  nameserver: () => BAD_NAMESERVERS,
  host: () => BAD_HOSTS,
  recordName: () => BAD_RECORD_NAMES,
  ipv4: () => BAD_IPV4,
  txt: () => BAD_TXT,
  ignore: () => BAD_IGNORE,
  url: () => BAD_URLS,
  certificate: (_text, m) => [
    "not a pem",
    "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
    m.site.key,
    m.site.cert.slice(0, m.site.cert.length / 2),
    m.other.cert,
    "",
  ],
  privateKey: (_text, m) => ["not a key", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", m.other.key, m.site.cert, ""],
  sshKey: (_text, m) => [
    "ssh-dss AAAAB3NzaC1kc3MAAACBAP",
    "ssh-ed25519 notbase64!!",
    m.sshRsa1024,
    "-----BEGIN PUBLIC KEY-----",
    "ssh-ed25519",
    "",
  ],
  fromIp: () => BAD_FROM_IPS,
  ftpUser: () => BAD_FTP_USERS,
  ftpPath: () => BAD_FTP_PATHS,
  storageUri: () => BAD_STORAGE_URIS,
  password: () => BAD_PASSWORDS,
  mailUser: () => BAD_MAIL_USERS,
  mailPassword: () => BAD_MAIL_PASSWORDS,
  phpVersion: () => BAD_PHP_VERSIONS,
  country: () => BAD_COUNTRIES,
  phone: () => BAD_PHONES,
  date: () => BAD_DATES,
  privilege: () => BAD_PRIVILEGES,
  dbName: () => BAD_DB_NAMES,
  email: () => BAD_EMAILS,
  cron: () => BAD_CRON,
  optionName: () => BAD_OPTION_NAMES,
  extensionName: () => BAD_EXTENSION_NAMES,
  enum: (text) => ["nope", "", `${text}${text}`, `${text}x`, `${text} ${text}`],
  sld: () => BAD_SLDS,
  tld: () => BAD_TLDS,
  dotPath: () => normalisingDotPaths("/public_html/"),
  dotStorageUri: () => normalisingDotPaths("/media/"),
  dotUrl: () => normalisingDotPaths("https://client-shop.net/promo/"),
  nfkc: (text) => nfkcChanged(text),
  nonIsoCountry: () => NON_ISO_COUNTRIES,
  cnameApex: () => APEX_NAMES,
  cnameRecords: () => [
    ["a.example.net", "b.example.net"],
    ["agency-demo.com.", "www.example.net", "shop.example.net"],
  ],
  cnameBeside: () => [
    [...ZONE_SETS, { name: "shop", type: "A", records: ["198.51.100.9"] }],
    [...ZONE_SETS, { name: "shop.agency-demo.com.", type: "TXT", records: ["hello"] }],
    [...ZONE_SETS, { name: "app", type: "CNAME", records: ["shop.agency-demo.com."] }],
  ],
  targetNotHost: () => TARGETS_NOT_HOSTS,
  nsTargetNotHost: () => [...TARGETS_NOT_HOSTS, "."],
  srvTargetNotHost: () => TARGETS_NOT_HOSTS.map((t) => `5 5060 ${t}`),
} satisfies Record<string, (text: string, m: Material) => readonly unknown[]>;

/** The kinds of property that have values of their own, beyond what every leaf gets. */
type Kind = keyof typeof KIND_VALUES;

/** The class of each kind's values; a kind not listed gives look-alike values. */
const KIND_CLASS: Partial<Record<Kind, BadInputClass>> = {
  dotPath: "dot segments after normalisation",
  dotStorageUri: "dot segments after normalisation",
  dotUrl: "dot segments after normalisation",
  nfkc: "code points NFKC changes",
  nonIsoCountry: "non-ISO 3166-1 country codes",
  cnameApex: "CNAME at the apex",
  cnameRecords: "CNAME beside other records",
  cnameBeside: "CNAME beside other records",
  targetNotHost: "MX, NS and SRV targets that are IPs or URLs",
  nsTargetNotHost: "MX, NS and SRV targets that are IPs or URLs",
  srvTargetNotHost: "MX, NS and SRV targets that are IPs or URLs",
};

/**
 * The record sets of the DnsZone base: an MX, a TXT, an A, a delegation, an SRV and a CNAME at
 * a name of its own, so that each record rule has a leaf to break.
 */
export const ZONE_SETS = [
  { name: "@", type: "MX", ttl: 3600, records: [{ value: "mx1.example.net", priority: 10 }] },
  { name: "_dmarc", type: "TXT", records: ["v=DMARC1; p=none"] },
  { name: "app", type: "A", records: ["198.51.100.7"] },
  { name: "sub", type: "NS", records: ["ns1.example.net"] },
  { name: "_sip._tcp", type: "SRV", records: [{ value: "5 5060 sip.example.net", priority: 10 }] },
  { name: "shop", type: "CNAME", records: ["agency-demo.com."] },
];

// ---- the bases ----

/** A valid input of a type, and the kinds of its properties (paths as check failures name them; `key:` for map keys). */
interface TypeCase {
  base: Props;
  kinds: Record<string, Kind | Kind[]>;
}

function typeCases(m: Material): Record<ResourceType, TypeCase> {
  const contact = {
    firstName: "Ada",
    lastName: "Tremblay",
    email: "ada@agency-demo.com",
    companyName: "Agency Demo",
    address1: "1 rue Principale",
    address2: "Bureau 2",
    city: "Montreal",
    postalCode: "H2X 1Y4",
    state: "Quebec",
    countryCode: "CA",
    phone: "+1.5145550100",
  };
  const hosting = { hostingId: 101 };
  return {
    DomainRegistration: {
      base: {
        domain: "fresh-site.com",
        sld: "fresh-site",
        tld: "com",
        period: 1,
        nameservers: ["ns1.example.net", "ns2.example.net"],
        idProtection: false,
        registerIfPremium: false,
        additionalFields: { "x-legal-type": "CCO" },
        registrant: { ...contact },
        adminContact: { ...contact, firstName: "Bob" },
        registrarLock: true,
        maxPrice: 50,
        minimumExpiry: "2030-01-01",
        eppCode: "Ab12-Cd34",
      },
      kinds: {
        domain: "registrable",
        sld: "sld",
        tld: "tld",
        "nameservers[0]": "nameserver",
        "registrant.email": "email",
        "registrant.countryCode": ["country", "nonIsoCountry"],
        "adminContact.countryCode": "nonIsoCountry",
        "registrant.phone": "phone",
        minimumExpiry: "date",
      },
    },
    // A CNAME, so that its own rules (not at the apex, one record) have a leaf to break; the
    // A record's addresses are broken in DnsZone's `app` set.
    DnsRecordSet: {
      base: { ...hosting, domain: "agency-demo.com", name: "blog", type: "CNAME", ttl: 300, records: ["agency-demo.com."] },
      kinds: { domain: "domain", name: ["recordName", "cnameApex"], "records[0]": "host", records: "cnameRecords", type: "enum" },
    },
    Redirection: {
      base: { ...hosting, domain: "agency-demo.com", destinationUrl: "https://client-shop.net/promo", type: 302 },
      kinds: { domain: "domain", destinationUrl: ["url", "dotUrl", "nfkc"] },
    },
    CustomSsl: {
      base: { ...hosting, domain: "agency-demo.com", certificate: m.site.cert, privateKey: m.site.key },
      kinds: { domain: "domain", certificate: "certificate", privateKey: "privateKey" },
    },
    FtpAccount: {
      base: {
        ...hosting,
        domain: "agency-demo.com",
        user: "ci",
        path: "/public_html/ci",
        password: "Ci-Pass-2026x",
        createFolder: true,
        adopt: false,
      },
      kinds: { domain: "domain", user: ["ftpUser", "nfkc"], path: ["ftpPath", "dotPath", "nfkc"], password: "password" },
    },
    SshKey: {
      base: { ...hosting, publicKey: m.sshKey, comment: "ci", fromIps: ["198.51.100.0/24", "2001:db8::1"], adopt: false },
      kinds: { publicKey: "sshKey", "fromIps[0]": "fromIp" },
    },
    DatabaseUserGrant: {
      base: { ...hosting, database: "wp", user: "wpadmin", privileges: ["SELECT", "INSERT"], databaseType: "MYSQL" },
      kinds: { database: ["dbName", "nfkc"], user: ["dbName", "nfkc"], "privileges[1]": "privilege", databaseType: "enum" },
    },
    ObjectStorageUrl: {
      base: { ...hosting, uri: "/media", domain: "agency-demo.com" },
      kinds: { uri: ["storageUri", "dotStorageUri", "nfkc"], domain: "domainOrEmpty" },
    },
    WafDisabledRules: {
      base: { ...hosting, domain: "agency-demo.com", ruleIds: [942100, 942110] },
      kinds: { domain: "domain" },
    },
    PhpOptions: {
      base: { ...hosting, phpVersion: "8.2", options: { memory_limit: "256M", display_errors: false, max_execution_time: 60 } },
      kinds: { phpVersion: "phpVersion", "key:options": "optionName" },
    },
    DnsZone: {
      base: {
        ...hosting,
        domain: "agency-demo.com",
        recordSets: structuredClone(ZONE_SETS),
        ignore: ["_acme-challenge*"],
        maxDeleteShare: 0.33,
        allowBulkDelete: false,
        resetOnDelete: false,
      },
      kinds: {
        domain: "domain",
        "recordSets[0].records[0].value": ["host", "targetNotHost"],
        "recordSets[1].name": "recordName",
        "recordSets[1].records[0]": "txt",
        "recordSets[2].records[0]": "ipv4",
        "recordSets[3].records[0]": "nsTargetNotHost",
        "recordSets[4].records[0].value": "srvTargetNotHost",
        "recordSets[5].name": "cnameApex",
        "recordSets[5].records": "cnameRecords",
        recordSets: "cnameBeside",
        "ignore[0]": "ignore",
      },
    },
    DomainNameservers: {
      base: { domain: "client-shop.net", nameservers: ["ns1.example.net", "ns2.example.net"] },
      kinds: { domain: "registrable", "nameservers[0]": "nameserver" },
    },
    DomainLock: {
      base: { domain: "client-shop.net", locked: true },
      kinds: { domain: "registrable" },
    },
    PhpVersion: {
      base: { ...hosting, phpVersion: "8.3" },
      kinds: { phpVersion: "phpVersion" },
    },
    PhpExtensions: {
      base: { ...hosting, phpVersion: "8.2", extensions: { imagick: true, soap: false } },
      kinds: { phpVersion: "phpVersion", "key:extensions": "extensionName" },
    },
    CacheService: {
      base: { ...hosting, service: "redis", enabled: true },
      kinds: { service: "enum" },
    },
    ObjectStorageAccount: {
      base: { ...hosting, credentialsVersion: 2 },
      kinds: {},
    },
    Database: {
      base: { ...hosting, name: "shop", databaseType: "MYSQL", adopt: false },
      kinds: { name: ["dbName", "nfkc"], databaseType: "enum" },
    },
    DatabaseUser: {
      base: { ...hosting, name: "shopapp", password: "Shop-Pass-2026", databaseType: "MYSQL", adopt: false },
      kinds: { name: ["dbName", "nfkc"], password: "password", databaseType: "enum" },
    },
    CronJob: {
      base: { ...hosting, schedule: "30 2 * * 1-5", command: "php artisan backup:run" },
      kinds: { schedule: "cron", command: "nfkc" },
    },
    CronEmail: {
      base: { ...hosting, email: "ops@agency-demo.com" },
      kinds: { email: "email" },
    },
    SslCsr: {
      base: {
        ...hosting,
        domain: "agency-demo.com",
        countryCode: "CA",
        state: "Quebec",
        localityName: "Montreal",
        organizationName: "Agency Demo",
        organizationUnitName: "Web",
        email: "ops@agency-demo.com",
      },
      kinds: { domain: "domain", countryCode: ["country", "nonIsoCountry"], email: "email" },
    },
    EmailAccount: {
      base: { ...hosting, domain: "agency-demo.com", user: "sales", password: "Sales-Pass-2026!", quota: 2048 },
      kinds: { domain: "domain", user: ["mailUser", "nfkc"], password: "mailPassword" },
    },
  };
}

// ---- leaves ----

/** A property path as check failures print it: `records[0].value`. */
function formatPath(path: Path): string {
  return path.reduce<string>((out, p) => (typeof p === "number" ? `${out}[${p}]` : out === "" ? p : `${out}.${p}`), "");
}

/** The JSON kinds of value a schema takes. */
type JsonKind = "string" | "number" | "boolean" | "array" | "object";
const JSON_KINDS: readonly JsonKind[] = ["string", "number", "boolean", "array", "object"];

function kindOf(value: unknown): JsonKind {
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : (typeof value as JsonKind);
}

function defOf(schema: AnySchema | undefined): { type: string; [k: string]: unknown } | undefined {
  return schema?._zod.def as { type: string; [k: string]: unknown } | undefined;
}

/** The JSON kinds a schema takes (a union takes those of its options). */
function kindsTaken(schema: AnySchema | undefined): Set<JsonKind> {
  const def = defOf(unwrapInput(schema).base);
  if (!def) return new Set(JSON_KINDS);
  switch (def.type) {
    case "union":
      return new Set((def.options as AnySchema[]).flatMap((o) => [...kindsTaken(o)]));
    case "string":
    case "enum":
    case "template_literal":
      return new Set(["string"]);
    case "literal":
      return new Set((def.values as unknown[]).map(kindOf));
    case "number":
      return new Set(["number"]);
    case "boolean":
      return new Set(["boolean"]);
    case "array":
    case "tuple":
      return new Set(["array"]);
    case "object":
    case "record":
      return new Set(["object"]);
    default:
      return new Set(JSON_KINDS);
  }
}

/** A leaf or container of a base input, with the schema that takes it. */
interface Node {
  path: Path;
  value: unknown;
  /** The schema at this path (a union as a whole). */
  schema?: AnySchema;
  /** The schema that takes this value, and its text rule. */
  base?: AnySchema;
  rule?: TextRule;
}

/** Every node of a value, parents before children; map keys are not nodes (see `mapKeys`). */
function nodes(schema: AnySchema | undefined, value: unknown, path: Path): Node[] {
  const { base, rule } = inputSchemaFor(schema, value);
  const here: Node = { path, value, schema, base, rule };
  const def = defOf(base);
  if (Array.isArray(value)) {
    const element = def?.type === "array" ? (def.element as AnySchema) : undefined;
    return [here, ...value.flatMap((v, i) => nodes(element, v, [...path, i]))];
  }
  if (value !== null && typeof value === "object") {
    const children = Object.entries(value).flatMap(([k, v]) => {
      const child =
        def?.type === "object"
          ? (def.shape as Record<string, AnySchema>)[k]
          : def?.type === "record"
            ? (def.valueType as AnySchema)
            : undefined;
      return nodes(child, v, [...path, k]);
    });
    return [here, ...children];
  }
  return [here];
}

const WRONG_VALUES: Record<JsonKind, (v: unknown) => unknown[]> = {
  string: (v) => [String(v), "", ` ${String(v)}`, `${String(v)}abc`, "null"],
  number: () => [42, -1.5],
  boolean: () => [true, false],
  array: (v) => [[v]],
  object: (v) => [{ value: v }],
};

/** Values of the JSON kinds a node's schema does not take. */
function wrongTypes(node: Node): { rule: string; value: unknown }[] {
  const taken = kindsTaken(node.schema);
  return JSON_KINDS.filter((k) => !taken.has(k)).flatMap((k) => WRONG_VALUES[k](node.value).map((value) => ({ rule: `a ${k}`, value })));
}

function insertMiddle(text: string, ch: string): string {
  const chars = Array.from(text);
  const at = Math.floor(chars.length / 2);
  return [...chars.slice(0, at), ch, ...chars.slice(at)].join("");
}

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The bad values every string gets: its text rule broken every way. */
function badStrings(text: string, rule: TextRule): { rule: string; value: string }[] {
  const out: { rule: string; value: string }[] = [];
  for (const cp of CONTROLS) {
    const ch = String.fromCodePoint(cp);
    const lineBreak = cp === 0x0a || cp === 0x0d;
    if (!(lineBreak && rule.lineBreaks === "any")) out.push({ rule: `control ${hex(cp)}`, value: insertMiddle(text, ch) });
  }
  out.push({ rule: "a final tab", value: `${text}\t` });
  if (rule.lineBreaks === undefined) out.push({ rule: "a final line break", value: `${text}\n` });
  for (const cp of BIDI) out.push({ rule: `bidi ${hex(cp)}`, value: insertMiddle(text, String.fromCodePoint(cp)) });
  for (const s of SURROGATES) out.push({ rule: `lone surrogate ${hex(s.charCodeAt(0))}`, value: insertMiddle(text, s) });
  out.push({ rule: `longer than ${rule.max}`, value: "a".repeat(rule.max + 1) });
  if (rule.max < HUGE) out.push({ rule: `${HUGE} characters`, value: "a".repeat(HUGE) });
  return out;
}

function finite(n: unknown): n is number {
  return typeof n === "number" && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER;
}

/**
 * The bad values every number gets: non-finite, just past each bound its schema declares, zero
 * and negatives, fractions, tiny and huge magnitudes; of these, the ones its schema refuses
 * (`-1` is a fine priority, not a fine hosting id).
 */
function badNumbers(node: Node): { rule: string; value: number }[] {
  const n = node.base as unknown as { minValue?: number | null; maxValue?: number | null };
  const candidates: { rule: string; value: number }[] = [
    { rule: "NaN", value: Number.NaN },
    { rule: "Infinity", value: Number.POSITIVE_INFINITY },
    { rule: "-Infinity", value: Number.NEGATIVE_INFINITY },
    ...(finite(n.minValue) ? [{ rule: `below ${n.minValue}`, value: n.minValue - 1 }] : []),
    ...(finite(n.maxValue) ? [{ rule: `above ${n.maxValue}`, value: n.maxValue + 1 }] : []),
    { rule: "zero", value: 0 },
    { rule: "negative", value: -1 },
    { rule: "a fraction", value: 1.5 },
    { rule: "the smallest number", value: Number.MIN_VALUE },
    { rule: "an unsafe integer", value: 2 ** 53 },
    { rule: "a negative unsafe integer", value: -(2 ** 53) },
    { rule: "1e300", value: 1e300 },
    { rule: "the largest number", value: Number.MAX_VALUE },
  ];
  return candidates.filter((c) => node.base !== undefined && !(node.base as unknown as z.ZodType).safeParse(c.value).success);
}

/** The length bounds of an array schema, from its checks. */
function lengthBounds(base: AnySchema | undefined): { min?: number; max?: number } {
  const checks = (defOf(base)?.checks as { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[] | undefined) ?? [];
  const bounds: { min?: number; max?: number } = {};
  for (const c of checks) {
    if (c._zod.def.check === "min_length") bounds.min = c._zod.def.minimum;
    if (c._zod.def.check === "max_length") bounds.max = c._zod.def.maximum;
  }
  return bounds;
}

function setAt(target: Props, path: Path, value: unknown): Props {
  const copy = structuredClone(target);
  let at: Record<string | number, unknown> = copy;
  for (const p of path.slice(0, -1)) at = at[p] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

/** The inputs with the first key of the map at `path` renamed to `key`. */
function renameFirstKey(target: Props, path: Path, key: string): Props {
  const copy = structuredClone(target);
  let at: Record<string | number, unknown> = copy;
  for (const p of path) at = at[p] as Record<string | number, unknown>;
  const [first, value] = Object.entries(at)[0]!;
  delete at[first];
  at[key] = value;
  return copy;
}

/** Whether a zod schema refuses a missing value (not optional, no default). */
function required(schema: AnySchema): boolean {
  return !(schema as unknown as z.ZodType).safeParse(undefined).success;
}

/**
 * Every bad input of every resource type, in registry order.
 *
 * @example
 * badInputs().filter((c) => c.type === "CronJob").map((c) => c.value); // ["30 \u0000 2 * * 1-5", ..., "H 0 * * *", ...]
 */
export function badInputs(m: Material = material()): BadInput[] {
  const cases = typeCases(m);
  const out: BadInput[] = [];
  for (const type of Object.keys(RESOURCES) as ResourceType[]) {
    const def = RESOURCES[type];
    const { base, kinds } = cases[type];
    const add = (path: Path, rule: string, inputs: Props, value: unknown, cls: BadInputClass) =>
      out.push({ type, class: cls, property: formatPath(path), rule, inputs, value });
    const shape = def.inputs as Record<string, AnySchema>;

    for (const [key, value] of Object.entries(base)) {
      for (const node of nodes(shape[key], value, [key])) {
        for (const w of wrongTypes(node)) add(node.path, w.rule, setAt(base, node.path, w.value), w.value, "wrong JSON type");
        if (typeof node.value === "string") {
          for (const b of badStrings(node.value, node.rule ?? DEFAULT_TEXT_RULE))
            add(node.path, b.rule, setAt(base, node.path, b.value), b.value, "text rules");
        } else if (typeof node.value === "number") {
          for (const b of badNumbers(node)) add(node.path, b.rule, setAt(base, node.path, b.value), b.value, "numbers out of bounds");
        } else if (Array.isArray(node.value)) {
          const { min, max } = lengthBounds(node.base);
          if (min !== undefined && min > 0)
            add(
              node.path,
              `fewer than ${min}`,
              setAt(base, node.path, node.value.slice(0, min - 1)),
              node.value.slice(0, min - 1),
              "list lengths",
            );
          const items = node.value;
          if (max !== undefined && items.length > 0) {
            const long = Array.from({ length: max + 1 }, (_, i) => items[i % items.length]);
            add(node.path, `more than ${max}`, setAt(base, node.path, long), long, "list lengths");
          }
        } else if (defOf(node.base)?.type === "record" && node.value !== null && typeof node.value === "object") {
          const keyRule = unwrapInput(defOf(node.base)!.keyType as AnySchema).rule ?? DEFAULT_TEXT_RULE;
          const firstKey = Object.keys(node.value)[0] ?? "";
          for (const b of badStrings(firstKey, { ...keyRule, lineBreaks: undefined }))
            add(node.path, `key: ${b.rule}`, renameFirstKey(base, node.path, b.value), b.value, "text rules");
        }
      }
    }

    for (const [path, kindsAt] of Object.entries(kinds)) {
      for (const kind of [kindsAt].flat()) {
        const cls = KIND_CLASS[kind] ?? "look-alike values";
        if (path.startsWith("key:")) {
          const mapPath = [path.slice(4)];
          for (const value of KIND_VALUES[kind]("", m)) add(mapPath, kind, renameFirstKey(base, mapPath, value as string), value, cls);
          continue;
        }
        const steps: Path = path
          .split(/\.|\[|\]/)
          .filter((s) => s !== "")
          .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
        const current = steps.reduce<unknown>((at, p) => (at as Record<string | number, unknown>)[p], base);
        for (const value of KIND_VALUES[kind](typeof current === "string" ? current : "", m))
          add(steps, kind, setAt(base, steps, value), value, cls);
      }
    }

    for (const key of Object.keys(shape)) {
      if (required(shape[key]!)) {
        const { [key]: _dropped, ...rest } = base;
        add([key], "missing", rest, undefined, "missing or null");
        add([key], "null", { ...base, [key]: null }, null, "missing or null");
      }
      const misspellings = new Set([key.toLowerCase(), `${key}s`, key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]);
      for (const misspelt of [...misspellings].filter((k) => !(k in shape))) {
        add([misspelt], "unknown property", { ...base, [misspelt]: base[key] ?? true }, base[key] ?? true, "unknown property");
      }
    }
  }
  return out;
}

/**
 * The valid base input of each type, as `badInputs` mutates it.
 *
 * @example
 * baseInputs().CronJob; // { hostingId: 101, schedule: "30 2 * * 1-5", command: "php artisan backup:run" }
 */
export function baseInputs(m: Material = material()): Record<ResourceType, Props> {
  const cases = typeCases(m);
  return Object.fromEntries(Object.entries(cases).map(([type, c]) => [type, c.base])) as Record<ResourceType, Props>;
}

/** The top-level property a failure path names: `registrant` for `registrant.city`. */
function topOf(property: string): string {
  return property.split(/[.[]/)[0]!;
}

/** Whether any failure message holds more than `QUOTE_MAX` consecutive characters of a string value. */
function quotesTooMuch(failures: readonly CheckFailure[], value: unknown): boolean {
  if (typeof value !== "string" || value.length <= QUOTE_MAX) return false;
  const windows = [0, Math.floor((value.length - QUOTE_MAX - 1) / 2), value.length - QUOTE_MAX - 1].map((at) =>
    value.slice(at, at + QUOTE_MAX + 1),
  );
  return failures.some((f) => windows.some((w) => f.reason.includes(w)));
}

/**
 * Runs one bad input through the runtime, against the simulator the runtime is configured for:
 * `check` must fail on its property, quoting at most 60 characters of it, without any request
 * reaching the simulator.
 *
 * @example
 * await judge({ type: "CronJob", property: "schedule", inputs: { ...baseInputs().CronJob, schedule: "H 0 * * *" }, value: "H 0 * * *" }, sim);
 * // { accepted: false }
 */
export async function judge(c: Pick<BadInput, "type" | "property" | "inputs" | "value">, sim: Simulator): Promise<Verdict> {
  const before = sim.requests.count();
  const { failures = [] } = await check(c.type, {}, c.inputs);
  let why: string | undefined;
  if (failures.length === 0) why = "check accepted it";
  else if (!failures.some((f) => topOf(f.property) === topOf(c.property)))
    why = `check failed on ${failures.map((f) => f.property).join(", ")}, not on ${c.property}`;
  else if (quotesTooMuch(failures, c.value)) why = `a failure quotes more than ${QUOTE_MAX} characters of it`;
  const calls = sim.requests.count() - before;
  if (calls > 0) why ??= `${calls} API call${calls > 1 ? "s" : ""}`;
  return why === undefined ? { accepted: false } : { accepted: true, why };
}

/** The value of a bad input as the report shows it: quoted and bounded. */
function shown(value: unknown): string {
  if (typeof value === "string") return quote(value);
  return quote(JSON.stringify(value) ?? String(value));
}

/**
 * The runtime's settings for a simulator: its URL and credentials, with no rate limit to wait on.
 *
 * @example
 * await configure({ config: simulatorConfig(sim) });
 */
export function simulatorConfig(sim: Simulator): { get(key: string): string | undefined } {
  const values: Record<string, string> = {
    "reseller:apiUrl": sim.url,
    "reseller:apiUser": sim.apiUser,
    "reseller:apiKey": sim.apiKey,
    "reseller:apiVersion": "v4",
    "reseller:requestsPerMinute": "1000000",
    "reseller:initialRequestsPerMinute": "1000000",
    "reseller:maxConcurrency": "8",
    "reseller:retryBaseDelayMs": "2",
    ...(sim.ca ? { "reseller:caCert": sim.ca } : {}),
  };
  return { get: (key) => values[key] };
}

/**
 * Generates the bad inputs of every resource type and runs each through the runtime's `check`
 * and `create` against a simulator of its own (the demo seed, API v4). The runtime's settings
 * are reset afterwards. Throws when a base input is not valid: the generator, not the package,
 * would be wrong.
 *
 * @example
 * const { badInputsTried, badInputsAccepted } = await runBadInputs(); // e.g. 2300, 0
 */
export async function runBadInputs(): Promise<BadInputFigures> {
  const m = material();
  const sim = await startSimulator({ seed: "demo" });
  try {
    await configure({ config: simulatorConfig(sim) });
    for (const [type, inputs] of Object.entries(baseInputs(m))) {
      const { failures } = await check(type, {}, inputs);
      if (failures)
        throw new Error(`the base input of ${type} is not valid: ${failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`);
    }
    const perType: BadInputFigures["perType"] = Object.fromEntries(Object.keys(RESOURCES).map((t) => [t, { tried: 0, accepted: 0 }]));
    const perClass: BadInputFigures["perClass"] = Object.fromEntries(BAD_INPUT_CLASSES.map((k) => [k, { tried: 0, accepted: 0 }]));
    const accepted: BadInputFigures["accepted"] = [];
    for (const c of badInputs(m)) {
      const verdict = await judge(c, sim);
      perType[c.type]!.tried += 1;
      perClass[c.class]!.tried += 1;
      if (verdict.accepted) {
        perType[c.type]!.accepted += 1;
        perClass[c.class]!.accepted += 1;
        accepted.push({ type: c.type, property: c.property, value: `${shown(c.value)} (${c.rule}: ${verdict.why})` });
      }
    }
    const tried = Object.values(perType).reduce((n, t) => n + t.tried, 0);
    return { badInputsTried: tried, badInputsAccepted: accepted.length, perType, perClass, accepted };
  } finally {
    await reset();
    await sim.close();
  }
}
