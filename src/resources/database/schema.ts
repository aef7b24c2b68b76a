/**
 * Database: inputs, their validation and normalization, and the state it keeps.
 *
 * The server prefixes database names with `<hosting username>_` and keeps a name that already has
 * the prefix (catalog §7.7 #8; §2 #29, CONFIRMED by S2 and T1). Users may write either form; state
 * holds the prefixed name the listing shows, and `diff` compares the two forms through the hosting
 * username kept in state. The name rule, the type spellings and the prefixing are shared with
 * `DatabaseUser` and `DatabaseUserGrant` (`shared/databases.ts`).
 */
import { z } from "zod";
import type { ApiVersion } from "../../client/endpoint";
import { isUnknown } from "../../provider/lifecycle/check";
import type { IssueSink } from "../../provider/lifecycle/define";
import { hostingIdInput } from "../../provider/rules/validators";
import { checkDatabaseType, databaseNameInput, databaseTypeInput, type DatabaseType } from "../shared/databases";

/** The per-property schemas (check swaps the schema of a property unknown during preview). */
export const databaseInputs = {
  /** The hosting account holding the database. */
  hostingId: hostingIdInput,
  /** `shop`, or with the server's prefix, `<hosting username>_shop`: letters, digits and `_`. */
  name: databaseNameInput("database"),
  /** `MYSQL` (default) or `POSTGRES`; `MySQL` and `PostgreSQL` are accepted. */
  databaseType: databaseTypeInput,
  /** Take over a database of that name that exists already, instead of failing. Create only. */
  adopt: z.boolean().default(false),
};

type Parsed = z.output<z.ZodObject<typeof databaseInputs>>;

/** The checked inputs; the name as given (create and read add the prefix). */
export interface DatabaseInputs {
  hostingId: number;
  name: string;
  databaseType: DatabaseType;
  adopt: boolean;
}

/** The state of a database. */
export interface DatabaseOutputs extends Omit<DatabaseInputs, "adopt"> {
  /** The hosting account's username, the prefix of the name; "" when it could not be found. */
  hostingUsername: string;
  /** `adopt` as it was at create (absent after an import): how the database came into the stack. */
  adopt?: boolean;
}

/** Cross-property rules: PostgreSQL only where the API version `check` runs for has it. */
export function normalizeDatabase(v: Parsed, issue: IssueSink, version: ApiVersion): DatabaseInputs {
  if (!isUnknown(v.databaseType)) checkDatabaseType(v.databaseType, issue, version);
  return { ...v };
}
