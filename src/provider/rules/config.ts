/**
 * Provider settings from the stack configuration (`reseller:*`), with environment variables as
 * the fallback.
 *
 * The engine hands the dynamic provider the whole stack config, namespaced keys included, with
 * secrets unwrapped. Credentials are read here and only here, never from resource
 * inputs, so they never reach state. The environment fallback lets CI runs, tests
 * and `destroy` with rotated credentials work without editing the stack.
 */
import { API_VERSIONS, type ApiVersion } from "../../client/endpoint";
import { EndpointOverrideError, parseEndpointOverrides, type EndpointOverrides } from "../../client/overrides";
import { ConfigError } from "../lifecycle/errors";

/**
 * The stack config namespace (never changed: every stack's `reseller:*` keys depend on it).
 *
 * @example
 * `pulumi config set ${CONFIG_NAMESPACE}:apiUser my-user`;
 */
export const CONFIG_NAMESPACE = "reseller";

/** Reads one value by its short key (`apiUser`); namespacing is the reader's business. */
export interface ConfigReader {
  get(key: string): string | undefined;
}

/** One configuration key: its environment variable, default and meaning (also the docs table). */
export interface ConfigKey {
  key: string;
  env: string;
  default?: string;
  /** The provider cannot work without it; every other key has a default or is simply unset. */
  required?: boolean;
  secret?: boolean;
  description: string;
  /** The meaning as a flag of `reseller ping` and `reseller generate`, where it differs. */
  flagDescription?: string;
}

/**
 * Every `reseller:*` key the provider reads.
 *
 * @example
 * for (const k of CONFIG_KEYS) console.log(`reseller:${k.key}`, k.env, k.required ? "required" : (k.default ?? "optional"));
 */
export const CONFIG_KEYS: readonly ConfigKey[] = [
  {
    key: "apiUser",
    env: "RESELLER_API_USER",
    required: true,
    description: "API user (X-API-USER), from the reseller section of the client area",
  },
  {
    key: "apiKey",
    env: "RESELLER_API_KEY",
    required: true,
    secret: true,
    description: "API key (X-API-KEY); set it with `pulumi config set --secret`",
    flagDescription: "API key (X-API-KEY)",
  },
  {
    key: "apiUrl",
    env: "RESELLER_API_URL",
    default: "https://api.planethoster.net",
    description: "API base URL; http:// only for loopback (the simulator)",
  },
  { key: "apiVersion", env: "RESELLER_API_VERSION", default: "v4", description: "API version: v4, v3 or v2" },
  { key: "timeoutMs", env: "RESELLER_TIMEOUT_MS", default: "30000", description: "Per-attempt timeout of a request, in milliseconds" },
  {
    key: "maxResponseBytes",
    env: "RESELLER_MAX_RESPONSE_BYTES",
    default: "8388608",
    description:
      "Largest response body read, in bytes (8 MiB); a larger one fails with bad-response (outcome-unknown for a 2xx to a create, settled by reading) and is never held whole in memory",
  },
  {
    key: "maxAttempts",
    env: "RESELLER_MAX_ATTEMPTS",
    default: "4",
    description: "Attempts per request, the first included (only operations safe to repeat are retried)",
  },
  {
    key: "retryBaseDelayMs",
    env: "RESELLER_RETRY_BASE_DELAY_MS",
    default: "500",
    description: "First backoff step between attempts, in milliseconds",
  },
  {
    key: "maxConcurrency",
    env: "RESELLER_MAX_CONCURRENCY",
    default: "4",
    description: "Requests in flight at once, shared by every resource of the stack",
  },
  {
    key: "requestsPerMinute",
    env: "RESELLER_REQUESTS_PER_MINUTE",
    default: "1200",
    description: "Ceiling on requests started in any sliding minute, shared by every resource of the stack; the rate adapts below it",
  },
  {
    key: "initialRequestsPerMinute",
    env: "RESELLER_INITIAL_REQUESTS_PER_MINUTE",
    default: "120",
    description:
      "Rate a run starts at; it rises while the API answers without 429 and falls on 429 (whose Retry-After pauses every request)",
  },
  {
    key: "minRequestsPerMinute",
    env: "RESELLER_MIN_REQUESTS_PER_MINUTE",
    default: "10",
    description: "Lowest rate that 429 answers can bring the stack to",
  },
  {
    key: "writeBatchSize",
    env: "RESELLER_WRITE_BATCH_SIZE",
    default: "100",
    description:
      "Most record sets written to one zone in one request, gathered from the writes waiting at the same time; 1 sends each alone",
  },
  {
    key: "writeBatchWindowMs",
    env: "RESELLER_WRITE_BATCH_WINDOW_MS",
    default: "150",
    description:
      "Milliseconds without a new record-set write after which a zone's gathered writes go out in one request; longer (up to six windows) while writes arrive further apart, and at most sixty windows after the first",
  },
  {
    key: "readCacheTtlSeconds",
    env: "RESELLER_READ_CACHE_TTL_SECONDS",
    default: "300",
    description: "How long a zone or listing read is reused within one run; 0 turns the cache off",
  },
  {
    key: "settleWaitMs",
    env: "RESELLER_SETTLE_WAIT_MS",
    default: "60000",
    description:
      "How long a create, or a record set's zone write, whose outcome is unknown (lost or unreadable reply) keeps reading for the object before it fails, in milliseconds; it is never sent again. A Redirection's delete whose outcome is unknown reads as long for it to be gone before it is sent again",
  },
  {
    key: "paramsInQuery",
    env: "RESELLER_PARAMS_IN_QUERY",
    default: "false",
    description: "Send GET parameters as a query string instead of a JSON body",
  },
  {
    key: "methodOverride",
    env: "RESELLER_METHOD_OVERRIDE",
    default: "false",
    description: "Send PUT, PATCH and DELETE as POST with X-Http-Method-Override",
  },
  {
    key: "endpointOverrides",
    env: "RESELLER_ENDPOINT_OVERRIDES",
    description:
      'JSON object of the route per operation id and API version, where the table\'s is wrong, e.g. {"dns.getZone":{"v4":{"method":"GET","path":"/v4/hosting/domain/dns-zone","params":"query"}}}; `reseller probe --out FILE` writes it',
  },
  {
    key: "routeFallback",
    env: "RESELLER_ROUTE_FALLBACK",
    default: "none",
    description:
      "none, or v3: an operation whose route the configured version does not have (route-not-found) is sent again on its confirmed v3 route; reads and writes alike, since such an answer proves nothing was done",
  },
  {
    key: "recordOwner",
    env: "RESELLER_RECORD_OWNER",
    description:
      "Name of this stack as the owner of the record sets it writes (e.g. acme/website/prod): each DnsRecordSet then writes a TXT ownership marker beside its records, and leaves alone, at update and destroy, a record set another owner's marker names (decision 0034). Unset: no markers",
  },
  { key: "caCert", env: "RESELLER_CA_CERT", description: "PEM certificate authority to trust (the simulator's self-signed certificate)" },
  { key: "sandbox", env: "RESELLER_SANDBOX", default: "false", description: "Send X-API-SANDBOX: 1 (the v2 registration sandbox)" },
  {
    key: "accounts",
    env: "RESELLER_ACCOUNTS",
    secret: true,
    description:
      'Further reseller accounts, named by the `account` input of resources and data sources: a JSON object keyed by account name, each with apiUser, apiKey and optionally any key above, e.g. {"brand-b":{"apiUser":"b-user","apiKey":"b-key"}}',
  },
];

/** Everything the provider needs to build a client, resolved and validated. */
export interface ProviderSettings {
  /** The name of the account in `reseller:accounts` these settings are; undefined for the top-level keys. */
  account?: string;
  apiUser?: string;
  apiKey?: string;
  apiUrl: string;
  apiVersion: ApiVersion;
  timeoutMs: number;
  maxResponseBytes: number;
  maxAttempts: number;
  retryBaseDelayMs: number;
  maxConcurrency: number;
  /** The ceiling of the adaptive rate; the initial rate and the floor are clamped below it (`client/limiter.ts`). */
  requestsPerMinute: number;
  initialRequestsPerMinute: number;
  minRequestsPerMinute: number;
  readCacheTtlMs: number;
  /** How long a create whose outcome is unknown polls its identity read (provider/runtime/settle.ts). */
  settleWaitMs: number;
  /** Most entries per batched write (decision 0016); 1 turns batching off. */
  writeBatchSize: number;
  writeBatchWindowMs: number;
  paramsInQuery: boolean;
  methodOverride: boolean;
  /** Checked against the endpoint table, one per full key (`v4.dns.getZone`; client/overrides.ts). */
  endpointOverrides: EndpointOverrides;
  /** Where a `route-not-found` is sent again: `none`, or the operation's confirmed `v3` route (decision 0032). */
  routeFallback: RouteFallback;
  /** This stack's name in record-set ownership markers (resources/shared/ownership.ts); unset: none written or checked. */
  recordOwner?: string;
  caCert?: string;
  sandbox: boolean;
}

/**
 * The whole configuration: the account the top-level keys describe (used when a resource or data
 * source names none) and the accounts of `reseller:accounts`, by name.
 */
export interface ProviderConfiguration {
  settings: ProviderSettings;
  accounts: Readonly<Record<string, ProviderSettings>>;
}

/**
 * What a `reseller:recordOwner` value may hold: it is written into a TXT record and shown in
 * messages, so letters, digits and `.`, `_`, `/`, `-` only, as in `acme/website/prod`.
 *
 * @example
 * RECORD_OWNER.test("acme/website/prod"); // true
 */
export const RECORD_OWNER = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$/;

/** {@link RECORD_OWNER} in words, for messages. */
export const RECORD_OWNER_RULE = 'letters, digits, ".", "_", "/" and "-", starting with a letter or digit, at most 100 characters';

/** The values of `reseller:routeFallback`. */
export const ROUTE_FALLBACKS = ["none", "v3"] as const;
export type RouteFallback = (typeof ROUTE_FALLBACKS)[number];

function describeKey(k: ConfigKey): string {
  return `"${CONFIG_NAMESPACE}:${k.key}" (or the environment variable ${k.env})`;
}

function keyOf(name: string): ConfigKey {
  const k = CONFIG_KEYS.find((c) => c.key === name);
  if (!k) throw new Error(`unknown configuration key ${name}`);
  return k;
}

/**
 * Parses the settings from a source of raw values, `describe` naming a key in messages. No
 * message ever holds a value: any of them may be a secret, or part of one.
 */
function parseSettings(raw: (name: string) => string | undefined, describe: (name: string) => string): ProviderSettings {
  const int = (name: string, min: number): number => {
    const text = raw(name) ?? "";
    const n = Number(text);
    if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < min) {
      throw new ConfigError(`Configuration ${describe(name)} must be a whole number of at least ${min}`);
    }
    return n;
  };
  const flag = (name: string): boolean => {
    const text = (raw(name) ?? "").trim().toLowerCase();
    if (["true", "1", "yes", "on"].includes(text)) return true;
    if (["false", "0", "no", "off", ""].includes(text)) return false;
    throw new ConfigError(`Configuration ${describe(name)} must be true or false`);
  };

  const version = (raw("apiVersion") ?? "v4").trim().toLowerCase();
  if (!(API_VERSIONS as readonly string[]).includes(version)) {
    throw new ConfigError(`Configuration ${describe("apiVersion")} must be one of ${API_VERSIONS.join(", ")}`);
  }

  let endpointOverrides: ProviderSettings["endpointOverrides"] = {};
  const overridesText = raw("endpointOverrides");
  if (overridesText) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(overridesText);
    } catch {
      throw new ConfigError(`Configuration ${describe("endpointOverrides")} must be a JSON object`);
    }
    try {
      endpointOverrides = parseEndpointOverrides(parsed);
    } catch (err) {
      if (!(err instanceof EndpointOverrideError)) throw err;
      throw new ConfigError(`Configuration ${describe("endpointOverrides")} is invalid: ${err.message}`);
    }
  }
  const routeFallback = (raw("routeFallback") ?? "none").trim().toLowerCase();
  if (!(ROUTE_FALLBACKS as readonly string[]).includes(routeFallback)) {
    throw new ConfigError(`Configuration ${describe("routeFallback")} must be one of ${ROUTE_FALLBACKS.join(", ")}`);
  }

  const recordOwner = raw("recordOwner")?.trim();
  if (recordOwner !== undefined && recordOwner !== "" && !RECORD_OWNER.test(recordOwner)) {
    throw new ConfigError(`Configuration ${describe("recordOwner")} must be ${RECORD_OWNER_RULE}`);
  }

  return {
    apiUser: raw("apiUser")?.trim(),
    apiKey: raw("apiKey")?.trim(),
    apiUrl: (raw("apiUrl") ?? "").trim(),
    apiVersion: version as ApiVersion,
    timeoutMs: int("timeoutMs", 1),
    maxResponseBytes: int("maxResponseBytes", 1024),
    maxAttempts: int("maxAttempts", 1),
    retryBaseDelayMs: int("retryBaseDelayMs", 0),
    maxConcurrency: int("maxConcurrency", 1),
    requestsPerMinute: int("requestsPerMinute", 1),
    initialRequestsPerMinute: int("initialRequestsPerMinute", 1),
    minRequestsPerMinute: int("minRequestsPerMinute", 1),
    readCacheTtlMs: int("readCacheTtlSeconds", 0) * 1000,
    settleWaitMs: int("settleWaitMs", 0),
    writeBatchSize: int("writeBatchSize", 1),
    writeBatchWindowMs: int("writeBatchWindowMs", 0),
    paramsInQuery: flag("paramsInQuery"),
    methodOverride: flag("methodOverride"),
    endpointOverrides,
    routeFallback: routeFallback as RouteFallback,
    ...(recordOwner ? { recordOwner } : {}),
    caCert: raw("caCert"),
    sandbox: flag("sandbox"),
  };
}

/** A raw value: stack config first, then the environment, then the default. */
function topLevel(config: ConfigReader, env: NodeJS.ProcessEnv): (name: string) => string | undefined {
  return (name) => {
    const k = keyOf(name);
    const fromConfig = config.get(k.key);
    if (fromConfig !== undefined && fromConfig !== "") return fromConfig;
    const fromEnv = env[k.env];
    if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
    return k.default;
  };
}

/**
 * Resolves the settings of the top-level keys: stack config first, then the environment, then
 * the default. Malformed values are errors naming the key; missing credentials are not, because
 * `check` and `diff` need no credentials (see `requireCredentials`).
 *
 * @example
 * const pulumiConfig = new pulumi.Config("reseller");
 * const settings = readSettings(pulumiConfig); // get("apiUser") reads reseller:apiUser
 */
export function readSettings(config: ConfigReader, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  return parseSettings(topLevel(config, env), (name) => describeKey(keyOf(name)));
}

/**
 * What an account name looks like: the key of `reseller:accounts` and the value of the `account`
 * input. Lower case, so that two spellings never name two accounts, and no dot, so that
 * `pulumi config set --path 'reseller:accounts.<name>.apiKey'` can address it.
 *
 * @example
 * ACCOUNT_NAME.test("brand-b"); // true
 */
export const ACCOUNT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** What {@link ACCOUNT_NAME} allows, in words, for messages. */
export const ACCOUNT_NAME_RULE = 'lower-case letters, digits, "-" and "_", starting with a letter or digit, at most 63 characters';

/**
 * Keys an account of `reseller:accounts` takes from the top level (stack config, environment,
 * default) when it does not set them: how this process talks to any account. Every other key
 * (credentials, URL, version, request shape, overrides, CA, sandbox) belongs to the account and
 * falls back to its default only, so the top-level account's URL or credentials never reach
 * another account's requests.
 *
 * @example
 * ACCOUNT_INHERITED_KEYS.includes("maxConcurrency"); // true
 */
export const ACCOUNT_INHERITED_KEYS: readonly string[] = [
  "timeoutMs",
  "maxResponseBytes",
  "maxAttempts",
  "retryBaseDelayMs",
  "maxConcurrency",
  "requestsPerMinute",
  "initialRequestsPerMinute",
  "minRequestsPerMinute",
  "readCacheTtlSeconds",
  "settleWaitMs",
  "writeBatchSize",
  "writeBatchWindowMs",
  "recordOwner",
];

/** The keys an account entry may hold: every key but `accounts` itself. */
const ACCOUNT_KEYS = CONFIG_KEYS.filter((k) => k.key !== "accounts").map((k) => k.key);

/** `"reseller:accounts.brand-b.apiKey"`: the `--path` of one key of one account. */
export function accountKeyPath(account: string, key: string): string {
  return `${CONFIG_NAMESPACE}:accounts.${account}.${key}`;
}

/** `pulumi config set` of one key of one account, as a user types it. */
function accountSetCommand(account: string, key: string): string {
  const secret = key === "apiKey" ? " --secret" : "";
  return `pulumi config set${secret} --path '${accountKeyPath(account, key)}' <${key === "apiKey" ? "api key" : "api user"}>`;
}

function describeAccounts(): string {
  return describeKey(keyOf("accounts"));
}

/**
 * An account entry's values as text, as the engine hands the top-level keys over. `pulumi config
 * set --path` may store numbers and booleans typed; `endpointOverrides` may be an object.
 */
function accountValues(name: string, entry: unknown): Record<string, string> {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    throw new ConfigError(`Configuration ${describeAccounts()}: account "${name}" must be an object with apiUser and apiKey`);
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
    if (!ACCOUNT_KEYS.includes(key)) {
      throw new ConfigError(
        `Configuration ${describeAccounts()}: account "${name}" has no key "${key}" (known: ${ACCOUNT_KEYS.join(", ")})`,
      );
    }
    if (value === null || value === undefined) continue;
    if (typeof value === "string") values[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") values[key] = String(value);
    else if (key === "endpointOverrides" && typeof value === "object" && !Array.isArray(value)) values[key] = JSON.stringify(value);
    else throw new ConfigError(`Configuration "${accountKeyPath(name, key)}" must be a string, a number or true or false`);
  }
  return values;
}

/**
 * The accounts of `reseller:accounts` (or `RESELLER_ACCOUNTS`), by name. `text` is JSON; the
 * engine hands an object set with `--path` over as its JSON text.
 */
function readAccounts(text: string | undefined, top: (name: string) => string | undefined): Record<string, ProviderSettings> {
  if (text === undefined || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the fault, which may be a key.
    throw new ConfigError(`Configuration ${describeAccounts()} must be a JSON object keyed by account name`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ConfigError(`Configuration ${describeAccounts()} must be a JSON object keyed by account name`);
  }
  const accounts: Record<string, ProviderSettings> = {};
  for (const [name, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (!ACCOUNT_NAME.test(name)) {
      throw new ConfigError(`Configuration ${describeAccounts()}: the account name "${name}" is not valid: use ${ACCOUNT_NAME_RULE}`);
    }
    const own = accountValues(name, entry);
    const raw = (key: string): string | undefined => {
      if (own[key] !== undefined && own[key] !== "") return own[key];
      return ACCOUNT_INHERITED_KEYS.includes(key) ? top(key) : keyOf(key).default;
    };
    accounts[name] = { ...parseSettings(raw, (key) => `"${accountKeyPath(name, key)}"`), account: name };
  }
  return accounts;
}

/**
 * Resolves the whole configuration: the top-level keys (see {@link readSettings}) and the named
 * accounts of `reseller:accounts`, whose environment fallback is `RESELLER_ACCOUNTS` (used only
 * when the stack config does not set the key). Malformed values fail here, naming the account and
 * the key; missing credentials fail when an operation needs them.
 *
 * @example
 * const { settings, accounts } = readConfiguration(namespaced(req.config));
 * accounts["brand-b"]?.apiUrl; // "https://api.planethoster.net" unless the account sets it
 */
export function readConfiguration(config: ConfigReader, env: NodeJS.ProcessEnv = process.env): ProviderConfiguration {
  const top = topLevel(config, env);
  const settings = parseSettings(top, (name) => describeKey(keyOf(name)));
  return { settings, accounts: readAccounts(top("accounts"), top) };
}

/**
 * The settings of account `name`, or of the top-level keys when `name` is undefined. An account
 * that the configuration does not name is an error saying which key to set.
 *
 * @example
 * const settings = accountSettings(readConfiguration(namespaced(req.config)), "brand-b");
 */
export function accountSettings(configuration: ProviderConfiguration, name: string | undefined): ProviderSettings {
  if (name === undefined) return configuration.settings;
  const found = Object.hasOwn(configuration.accounts, name) ? configuration.accounts[name] : undefined;
  if (found) return found;
  const known = Object.keys(configuration.accounts);
  throw new ConfigError(
    `Account "${name}" is not configured: ${describeAccounts()} ${known.length > 0 ? `names only ${known.map((k) => `"${k}"`).join(", ")}` : "is not set"}. ` +
      `Add it with \`${accountSetCommand(name, "apiUser")}\` and \`${accountSetCommand(name, "apiKey")}\``,
  );
}

/** The credentials, or an error naming each missing key and how to set it. */
export function requireCredentials(settings: ProviderSettings): { apiUser: string; apiKey: string } {
  const missing = [settings.apiUser ? undefined : keyOf("apiUser"), settings.apiKey ? undefined : keyOf("apiKey")].filter(
    (k): k is ConfigKey => k !== undefined,
  );
  if (missing.length > 0 && settings.account !== undefined) {
    const account = settings.account;
    throw new ConfigError(
      `Missing configuration ${missing.map((k) => `"${accountKeyPath(account, k.key)}"`).join(" and ")} (account "${account}" of ${describeAccounts()}): ` +
        `set it with \`${accountSetCommand(account, missing[0]!.key)}\``,
    );
  }
  if (missing.length > 0) {
    const list = missing.map(describeKey).join(" and ");
    throw new ConfigError(
      `Missing configuration ${list}: set it with \`pulumi config set ${CONFIG_NAMESPACE}:${missing[0]!.key}${missing[0]!.secret ? " --secret" : ""} <value>\` or export the environment variable`,
    );
  }
  return { apiUser: settings.apiUser!, apiKey: settings.apiKey! };
}

/**
 * Where the credentials of `settings` come from, for a message about credentials the API refused:
 * the stack config keys and their environment variables, or the keys of a `reseller:accounts`
 * entry. The API answers 401 or 403 alike for a wrong user or key, so both are named.
 *
 * @example
 * credentialKeys(settings); // `"reseller:apiUser" and "reseller:apiKey" (or the environment variables RESELLER_API_USER and RESELLER_API_KEY)`
 */
export function credentialKeys(settings: Pick<ProviderSettings, "account">): string {
  if (settings.account !== undefined) {
    const account = settings.account;
    return `"${accountKeyPath(account, "apiUser")}" and "${accountKeyPath(account, "apiKey")}"`;
  }
  const user = keyOf("apiUser");
  const key = keyOf("apiKey");
  return `"${CONFIG_NAMESPACE}:${user.key}" and "${CONFIG_NAMESPACE}:${key.key}" (or the environment variables ${user.env} and ${key.env})`;
}

/** Adapts the engine's namespaced config (`get("reseller:apiUser")`) to a {@link ConfigReader}. */
export function namespaced(config: ConfigReader): ConfigReader {
  return { get: (key) => config.get(`${CONFIG_NAMESPACE}:${key}`) };
}
