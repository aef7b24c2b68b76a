/**
 * DatabaseUser: inputs, their validation and normalization, and the state it keeps.
 *
 * The server prefixes user names with `<hosting username>_` like database names (catalog §7.7
 * #8), so the name takes either form and state holds the prefixed one. The password goes through
 * the API's strength check (`errors: ["isStrongPassword"]`, catalog §7.2); `check` applies the
 * package's password rule (`passwordInput`, as for FTP logins: at least 10 characters with
 * letters and digits, no `@`, no control characters), which is at least as strict, so nothing it
 * accepts is refused later. Failure messages never repeat the password.
 */
import { z } from "zod";
import type { ApiVersion } from "../../client/endpoint";
import { isUnknown } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { hostingIdInput, passwordInput } from "../../provider/rules/validators";
import { checkDatabaseType, databaseNameInput, databaseTypeInput, type DatabaseType } from "../shared/databases";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const databaseUserInputs = {
  /** The hosting account holding the user. */
  hostingId: hostingIdInput,
  /** `shopapp`, or with the server's prefix, `<hosting username>_shopapp`: letters, digits and `_`. */
  name: databaseNameInput("user"),
  /** The user's password. Secret. */
  password: passwordInput,
  /** `MYSQL` (default) or `POSTGRES`; `MySQL` and `PostgreSQL` are accepted. */
  databaseType: databaseTypeInput,
  /** Take over a user of that name that exists already (setting its password), instead of failing. Create only. */
  adopt: z.boolean().default(false),
};

type Parsed = z.output<z.ZodObject<typeof databaseUserInputs>>;

/** The checked inputs; the name as given (create and read add the prefix). */
export interface DatabaseUserInputs {
  hostingId: number;
  name: string;
  password: string;
  databaseType: DatabaseType;
  adopt: boolean;
}

/** The state of a database user. */
export interface DatabaseUserOutputs extends Omit<DatabaseUserInputs, "password" | "adopt"> {
  /**
   * The password this stack set (on v2, after an adoption, the declared one, which the API could
   * not set). The API never returns it, so it is absent after an import until the first update
   * sets it.
   */
  password?: string;
  /** `adopt` as it was at create or the last update (absent after an import). */
  adopt?: boolean;
  /** The hosting account's username, the prefix of the name; "" when it could not be found. */
  hostingUsername: string;
}

/** Cross-property rules: PostgreSQL only where the API version has it. */
export function normalizeDatabaseUser(v: Parsed, issue: IssueSink, version: ApiVersion): DatabaseUserInputs {
  if (!isUnknown(v.databaseType)) checkDatabaseType(v.databaseType, issue, version);
  return { ...v };
}
