/**
 * What `reseller probe` does not call on its own, as data with a reason each.
 *
 * A probe runs against a live reseller account, so every call it makes must be harmless to
 * repeat and leave nothing behind: no charge to the account credit, no login session, no secret
 * carried back into a terminal, a CI log or a recording. The reasons are printed as the `skipped`
 * detail, so they say what the route would do.
 */

/**
 * Read routes called only when `--include` names them, and why: each opens a login session,
 * returns a private key or returns a secret (docs/evidence.md §1 rows 26, 44, 45, 53; §4.1).
 *
 * @example
 * GUARDED_READS["hosting.getLoginUrl"]; // "opens a login session: ..."
 */
export const GUARDED_READS: Readonly<Record<string, string>> = Object.freeze({
  "hosting.getLoginUrl":
    "opens a login session: the reply is a single sign-on URL to the hosting control panel (docs/evidence.md §4.1, `data.login_url`)",
  "databases.getPhpMyAdminUrl": "opens a login session: the reply is a phpMyAdmin autologin URL (docs/evidence.md §1 #44)",
  "databases.getPhpPgAdminUrl": "opens a login session: the reply is a phpPgAdmin autologin URL (docs/evidence.md §1 #45)",
  "ssl.getCsrPrivateKey": "returns a private key: the key of a certificate signing request (docs/evidence.md §1 #26)",
  "ssl.getCustom": "returns a private key: the reply holds the custom certificate and its key (docs/evidence.md §1 #19)",
  "storage.getAccount": "returns a secret: the object-storage access key and secret key (docs/evidence.md §1 #53)",
});

/**
 * Write routes never called, even with `--writes` or `--include`, and why: each costs money (a
 * registration, a renewal, a transfer, a hosting order or a plan upgrade is charged to the
 * account credit, docs/evidence.md §1 rows 9-11), and a body that addresses no object is no
 * guarantee that nothing is ordered.
 *
 * @example
 * NEVER_CALLED["domains.register"]; // "costs money: ..."
 */
export const NEVER_CALLED: Readonly<Record<string, string>> = Object.freeze({
  "domains.register": "costs money: registers a domain, charged to the account credit",
  "domains.renew": "costs money: renews a domain, charged to the account credit",
  "domains.transfer": "costs money: requests a domain transfer, charged to the account credit",
  "hosting.create": "costs money: orders a hosting account",
  "hosting.upgradePlan": "costs money: raises the resources of the World plan",
});

/**
 * Why the probe will not call `operation` by itself: the reason of {@link NEVER_CALLED} or of
 * {@link GUARDED_READS} (unless `included` names it), or undefined when it may call it.
 *
 * @example
 * guardReason("storage.getAccount", new Set()); // "returns a secret: ..."
 * guardReason("storage.getAccount", new Set(["storage.getAccount"])); // undefined
 */
export function guardReason(operation: string, included: ReadonlySet<string>): string | undefined {
  const never = NEVER_CALLED[operation];
  if (never !== undefined) return never;
  if (included.has(operation)) return undefined;
  const guarded = GUARDED_READS[operation];
  return guarded === undefined ? undefined : `${guarded}; name it with --include ${operation} to call it`;
}
