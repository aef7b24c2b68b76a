/**
 * Input rules that resources of several API areas share: the hosting account id, domain and
 * host inputs with their length, e-mail addresses, passwords, country codes (ISO 3166-1), and
 * what paths and user names become once normalised (dot segments after percent-decoding and
 * NFKC, code points NFKC changes). Domain and DNS names have their
 * normalization in `names.ts`; the text rules every string passes (control characters, bidi
 * controls, length) are applied by `check.ts`. A rule lives here, never in one resource's
 * folder, so that no resource imports from another (issue 11).
 */
import { z } from "zod";
import type { IssueSink } from "../../util/issue";
import { isUnknown, limitText, quote, type TextRule } from "../lifecycle/check";
import { MAX_NAME_LENGTH, normalizeDomain, type NameResult } from "../../util/names";

/** A hosting account id: the `hostingId` input of every hosting resource. */
export const hostingIdInput = z.number().int("must be a whole number").positive("must be a hosting account id");

/**
 * A string input with its length limit and where the limit comes from (the text rules of
 * `check.ts` apply it, with the rest of the rules every string passes).
 *
 * @example
 * const comment = textInput(255, "sensible: a label, not a document");
 */
export function textInput(max: number, because: string, options: Pick<TextRule, "lineBreaks" | "secret"> = {}): z.ZodString {
  return limitText(z.string(), { max, because, ...options });
}

/** The text rule of a domain or host name: 253 characters, and the trailing dot of the root. */
export const NAME_RULE: TextRule = {
  max: MAX_NAME_LENGTH + 1,
  because: "RFC 1035 §2.3.4: a name has at most 253 characters, and may end with the root's dot",
};

/**
 * A domain input, Unicode or ASCII, that the resource normalizes (`normalizeDomain`).
 *
 * @example
 * export const inputs = { domain: domainInput };
 */
export const domainInput = limitText(z.string(), NAME_RULE);

/**
 * A host name input (a nameserver, a record target), Unicode or ASCII.
 *
 * @example
 * export const inputs = { nameservers: z.array(hostInput) };
 */
export const hostInput = limitText(z.string(), NAME_RULE);

/** The longest e-mail address: RFC 5321 §4.5.3.1.3 (a path is at most 256 octets, with its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * An e-mail input, normalized by `emailProperty`.
 *
 * @example
 * export const inputs = { email: emailInput };
 */
export const emailInput = limitText(z.string(), {
  max: MAX_EMAIL_LENGTH,
  because: "RFC 5321 §4.5.3.1.3: an address has at most 254 characters",
});

/**
 * The shortest password accepted (v4 document, Limits: "at least 10 characters" advised; the
 * simulator enforces it).
 */
export const MIN_PASSWORD_LENGTH = 10;

/** Whether text holds a C0 control character or DEL, which no FTP client or form can type. */
export function hasControlCharacter(text: string): boolean {
  return [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
}

/**
 * The password rule of FTP logins and database users. It is at least as strict as the API's
 * strength check, so nothing `check` accepts is refused later with `isStrongPassword` (catalog
 * §7.2): at least 10 characters with letters and digits. The v4 document (Limits, FTP password)
 * adds that a password containing `@` "can cause problems with some FTP clients", so `@` is
 * refused too. The messages never repeat the password.
 */
export const passwordInput = limitText(
  z
    .string()
    // A password too short (an empty one above all) is one error, not three: the other rules
    // are only checked on a password long enough to be one.
    .min(MIN_PASSWORD_LENGTH, { error: `must have at least ${MIN_PASSWORD_LENGTH} characters`, abort: true })
    .regex(/[A-Za-z]/, "must contain a letter")
    .regex(/\d/, "must contain a digit")
    .refine((p) => !p.includes("@"), "must not contain @ (the API warns that it breaks some FTP clients)"),
  // The API documents no upper bound; 128 characters is far beyond any generated password
  // (sensible, inferred). Control characters are refused by the text rules, as everywhere.
  { max: 128, because: "sensible: the API documents no bound (inferred)", secret: true },
);

const emailSchema = z.email();

/**
 * An e-mail address in canonical form: trimmed, the domain in ASCII (punycode) lower case; the
 * local part keeps its case, which RFC 5321 §2.4 leaves to the receiving server.
 */
export function normalizeEmail(input: string): NameResult {
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || at === trimmed.length - 1) return { ok: false, reason: `${quote(input)} is not an e-mail address (local@domain)` };
  const domain = normalizeDomain(trimmed.slice(at + 1));
  if (!domain.ok) return { ok: false, reason: `${quote(input)} is not an e-mail address: ${domain.reason}` };
  const value = `${trimmed.slice(0, at)}@${domain.value}`;
  if (!emailSchema.safeParse(value).success) return { ok: false, reason: `${quote(input)} is not an e-mail address` };
  return { ok: true, value };
}

/**
 * The canonical form of an `email` property, or the value as given after reporting why it is
 * not an address; an unknown value (preview) passes through.
 */
export function emailProperty(value: string, issue: IssueSink): string {
  if (isUnknown(value)) return value;
  const email = normalizeEmail(value);
  if (!email.ok) issue("email", email.reason);
  return email.ok ? email.value : value;
}

/**
 * Puts the canonical form of a string property into `out`, or reports on the property why there
 * is none; a value unknown during preview is left as it is. Returns the canonical value, or
 * undefined when the value is unknown or invalid.
 */
export function normalizeProperty<T extends object>(
  out: T,
  property: keyof T & string,
  normalize: (value: string) => NameResult,
  issue: IssueSink,
): string | undefined {
  const value = out[property];
  if (typeof value !== "string" || isUnknown(value)) return undefined;
  const result = normalize(value);
  if (!result.ok) {
    issue(property, result.reason);
    return undefined;
  }
  (out as Record<string, unknown>)[property] = result.value;
  return result.value;
}

function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Why NFKC normalisation would change `text`, or undefined when it would not: the first code
 * point it changes (a full-width letter, a ligature, `‥`, the Kelvin sign) with its position,
 * or, when no single code point changes, the sequence it composes (text in NFD form).
 *
 * A path or a user name is compared, stored and looked up as the bytes it is, but read by people
 * and by software that normalises (a panel, a file manager, a PHP `Normalizer`) as its NFKC form:
 * `/public_html/．．/etc` looks like, and may become, `/public_html/../etc`. Such input is refused,
 * never rewritten (docs/decisions/0018-reject-dont-rewrite.md).
 *
 * @example
 * nfkcChange("/public_html/café"); // undefined
 * nfkcChange("\u212Aci"); // 'U+212A at character 1, which NFKC normalisation turns into "K"'
 */
export function nfkcChange(text: string): string | undefined {
  if (text.normalize("NFKC") === text) return undefined;
  let at = 0;
  for (const ch of text) {
    at += 1;
    const normal = ch.normalize("NFKC");
    if (normal !== ch) return `${codePoint(ch)} at character ${at}, which NFKC normalisation turns into ${quote(normal)}`;
  }
  return "a decomposed sequence that NFKC normalisation composes into one character (NFD text; write it in NFC form)";
}

/** `text` with every run of valid percent-escapes decoded; an escape that is not UTF-8 is left as it is. */
function percentDecoded(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** How many rounds of percent-decoding and NFKC a segment goes through: `%252e` is `%2e` after one. */
const NORMALISING_ROUNDS = 3;

/**
 * The first segment of a `/`-separated path that is `.` or `..` as written, once percent-decoded
 * or once NFKC-normalised (repeatedly, so double escapes count), with what it becomes; undefined
 * when there is none. A segment whose normal form holds a `/` or `\` (`a％2f..`, `．．／x`) is
 * split there too, as a server that decodes it would.
 *
 * @example
 * dotSegment("/public_html/．．/etc"); // { segment: "．．", becomes: ".." }
 * dotSegment("/a/%2e%2E/b"); // { segment: "%2e%2E", becomes: ".." }
 * dotSegment("/public_html/ci"); // undefined
 */
export function dotSegment(path: string): { segment: string; becomes: string } | undefined {
  for (const segment of path.split("/")) {
    let form = segment;
    for (let round = 0; round <= NORMALISING_ROUNDS; round++) {
      const dots = form.split(/[/\\]/).find((part) => part === "." || part === "..");
      if (dots !== undefined) return { segment, becomes: dots };
      const next = percentDecoded(form).normalize("NFKC");
      if (next === form) break;
      form = next;
    }
  }
  return undefined;
}

/**
 * Why a path (an FTP root, a URL's path, a storage URI) is refused for what it becomes after
 * normalisation, or undefined: a segment that is `.` or `..` once percent-decoded and
 * NFKC-normalised (`．．`, `‥`, `%2e%2e`), or any code point NFKC changes, as written or once
 * percent-decoded (`%EF%BD%86` is `ｆ`). A plain `.` or `..` segment gets the same answer.
 *
 * @example
 * normalisedPathProblem("/public_html/‥/etc"); // '"/public_html/‥/etc" has the segment "‥", which is ".." once ...'
 * normalisedPathProblem("/public_html/café"); // undefined
 */
export function normalisedPathProblem(path: string): string | undefined {
  const dots = dotSegment(path);
  if (dots !== undefined) {
    const how =
      dots.segment === dots.becomes
        ? `a ${quote(dots.becomes)} segment`
        : `the segment ${quote(dots.segment)}, which is ${quote(dots.becomes)} once percent-decoded and NFKC-normalised`;
    return `${quote(path)} has ${how}; a path may not climb out of or stand for its directory`;
  }
  const change = nfkcChange(path);
  if (change !== undefined) return `${quote(path)} holds ${change}; write the path as it is stored`;
  const decoded = nfkcChange(percentDecoded(path));
  return decoded === undefined ? undefined : `${quote(path)}, once percent-decoded, holds ${decoded}; write the path as it is stored`;
}

/**
 * Why a user or login name is refused for holding a code point NFKC changes (`ｃｉ`, the Kelvin
 * sign `\u212A`, which lower-cases to an ASCII `k`), or undefined. It runs on the name as
 * given, before any case folding.
 *
 * @example
 * normalisedNameProblem("ｃｉ"); // '"ｃｉ" holds U+FF43 at character 1, which NFKC normalisation turns into "c"; ...'
 */
export function normalisedNameProblem(name: string): string | undefined {
  const change = nfkcChange(name);
  return change === undefined ? undefined : `${quote(name)} holds ${change}; write the name with the characters it is stored with`;
}

let isoCodes: ReadonlySet<string> | undefined;

/**
 * The ISO 3166-1 alpha-2 codes of the officially assigned countries and territories (249), from
 * the Unicode CLDR data `Intl` carries rather than a list kept by hand.
 *
 * `Intl.DisplayNames` alone is not enough: it names codes ISO 3166-1 does not assign to a country
 * (`EU`, `UN`, `EZ`, the exceptionally reserved `AC`, `CP`, `DG`, `EA`, `IC`, `TA`, CLDR's `CQ`,
 * the user-assigned `QO`, `XA`, `XB`, `XK`, `ZZ`) and the withdrawn ones (`UK`, `SU`, `YU`, `ZR`).
 * CLDR maps every ISO 3166-1 numeric code to its current alpha-2 code (`und-250` canonicalises to
 * `und-FR`), and only the officially assigned countries have numeric codes: the exceptionally
 * reserved ones have none, withdrawn codes map to their successors, and 900-999 is the
 * numeric user-assigned range (CLDR maps 958-999 to `AA`, `QM`-`QZ`, `XA`-`XZ`, `ZZ`, and `EU`
 * to 967). So the set is the alpha-2 regions the numeric codes 001 to 899 canonicalise to.
 */
function isoCountryCodes(): ReadonlySet<string> {
  if (isoCodes === undefined) {
    const codes = new Set<string>();
    for (let n = 1; n < 900; n++) {
      const region = new Intl.Locale(`und-${String(n).padStart(3, "0")}`).region;
      if (region !== undefined && /^[A-Z]{2}$/.test(region)) codes.add(region);
    }
    isoCodes = codes;
  }
  return isoCodes;
}

/**
 * Whether `code` is an ISO 3166-1 alpha-2 code of an officially assigned country or territory,
 * upper case (`FR`, `CA`, `GB`; not `XX`, `EU`, `UK`, `XK`).
 *
 * @example
 * isIsoCountryCode("CA"); // true
 * isIsoCountryCode("EU"); // false
 */
export function isIsoCountryCode(code: string): boolean {
  return isoCountryCodes().has(code);
}

/**
 * A country code input: two letters, upper-cased, and an officially assigned ISO 3166-1 alpha-2
 * code (`isIsoCountryCode`); `because` is where the length rule comes from.
 *
 * @example
 * export const inputs = { countryCode: countryCodeInput("RFC 5280 appendix A ub-country-name-alpha-length") };
 */
export function countryCodeInput(because: string) {
  return limitText(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166-1 country code, e.g. CA")
      .transform((v) => v.toUpperCase())
      .refine(isIsoCountryCode, {
        error: (iss) =>
          `${quote(String(iss.input))} is not an ISO 3166-1 country code (officially assigned codes only: FR, CA, GB, not XX, EU, UK or XK)`,
      }),
    { max: 2, because },
  );
}
