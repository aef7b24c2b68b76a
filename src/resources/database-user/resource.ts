/**
 * The `DatabaseUser` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { databaseUserDefinition } from "./provider";

/** The arguments of a {@link DatabaseUser}. */
export interface DatabaseUserArgs {
  /** The hosting account holding the user. Changing it replaces the user. */
  hostingId: pulumi.Input<number>;
  /**
   * `shopapp`, or with the server's prefix, `<hosting username>_shopapp`: letters, digits and `_`,
   * at most 32 characters with the prefix. Changing it renames the user in place on v4 and v3.
   */
  name: pulumi.Input<string>;
  /**
   * At least 10 characters with letters and digits, without `@` or control characters. Kept
   * secret in state. The API cannot return it, so a password changed elsewhere is not seen.
   */
  password: pulumi.Input<string>;
  /** `MYSQL` (default) or `POSTGRES` (v4 and v3 only). Changing it replaces the user. */
  databaseType?: pulumi.Input<string>;
  /**
   * Take over the user if it exists already: create then sets the declared password on it (v4,
   * v3; v2 cannot, and keeps the user's password) instead of failing. Default false. Used when
   * creating only.
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A MySQL or PostgreSQL user of a hosting account. Give it privileges on a database with
 * `DatabaseUserGrant`.
 *
 * ## Example Usage
 *
 * ```typescript
 * import type * as pulumi from "@pulumi/pulumi";
 * import { Database, DatabaseUser, DatabaseUserGrant } from "pulumi-hosting-reseller";
 *
 * const config = new pulumi.Config();
 * const db = new Database("shop", { hostingId: 101, name: "shop" }, { protect: true });
 * const app = new DatabaseUser("shop-app", { hostingId: 101, name: "shopapp", password: config.requireSecret("dbPassword") });
 * new DatabaseUserGrant("shop-app", { hostingId: 101, database: db.name, user: app.name, privileges: ["SELECT", "INSERT", "UPDATE", "DELETE"] });
 * export const dbUser = app.name; // "agencyde_shopapp"
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<name>` with the server's prefix, e.g. `101/agencyde_shopapp`. Dynamic
 * providers cannot be imported with `pulumi import` (pulumi#16175): declare the user with
 * `adopt: true`, which takes it over and sets the declared password (v4, v3), or read it with
 * `DatabaseUser.get`.
 *
 * @example
 * new DatabaseUser("wp-user", { hostingId: 101, name: "agencyde_wpuser", password, adopt: true });
 */
export class DatabaseUser extends ResellerResource<DatabaseUserArgs> {
  protected static override readonly spec = resourceClassSpec(databaseUserDefinition, {
    outputs: { hostingUsername: true },
    // The password never belongs in plain state, even when the program passes a plain string.
    secretInputs: ["password"],
  });

  declare public readonly hostingId: pulumi.Output<number>;
  /** The full name, with the `<hosting username>_` prefix. */
  declare public readonly name: pulumi.Output<string>;
  /** Secret. Absent after an import until the first update. */
  declare public readonly password: pulumi.Output<string | undefined>;
  declare public readonly databaseType: pulumi.Output<string>;
  /** The hosting account's username, the prefix of the name. */
  declare public readonly hostingUsername: pulumi.Output<string>;
  /** `adopt` as it was at create or the last update; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing database user by its id (`101/agencyde_wpuser`).
   *
   * @example
   * const wpUser = DatabaseUser.get("wp-user", "101/agencyde_wpuser");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): DatabaseUser {
    return new DatabaseUser(name, undefined, { ...opts, id });
  }
}
