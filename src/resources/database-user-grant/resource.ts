/**
 * The `DatabaseUserGrant` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type AdoptInput, type ResellerGetOptions } from "../../provider/program/resource";
import { databaseUserGrantDefinition } from "./provider";

/** The arguments of a {@link DatabaseUserGrant}. */
export interface DatabaseUserGrantArgs extends AdoptInput {
  /** The hosting account holding the database and the user. Changing it replaces the grant. */
  hostingId: pulumi.Input<number>;
  /** An existing database: `wp`, or with the server's prefix, `<hosting username>_wp`. Changing it replaces the grant. */
  database: pulumi.Input<string>;
  /** An existing database user, with or without the prefix. Changing it replaces the grant. */
  user: pulumi.Input<string>;
  /**
   * `SELECT`, `INSERT`, `UPDATE`, `DELETE`, `CREATE`, `DROP`, `ALTER`, `INDEX`, ... (the
   * documented list), or `ALL PRIVILEGES` alone (not on API v2). PostgreSQL takes `ALL PRIVILEGES` only.
   */
  privileges: pulumi.Input<pulumi.Input<string>[]>;
  /** `MYSQL` (default) or `POSTGRES` (v4 and v3). Changing it replaces the grant. */
  databaseType?: pulumi.Input<string>;
}

/**
 * The privileges a database user holds on a database of a hosting account. The database and
 * the user must exist already.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { DatabaseUserGrant } from "pulumi-hosting-reseller";
 *
 * const shop = new DatabaseUserGrant("shop-app", {
 *     hostingId: 101,
 *     database: "shop",      // or "agencyde_shop"
 *     user: "shopapp",
 *     privileges: ["SELECT", "INSERT", "UPDATE", "DELETE"],
 * });
 * export const grantedOn = shop.database; // "agencyde_shop"
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<database>/<user>` with the server's prefix on both names, e.g.
 * `101/agencyde_wp/agencyde_wpuser`. Dynamic providers cannot be imported with `pulumi import`
 * (pulumi#16175); use `DatabaseUserGrant.get`. Declaring a grant for a user that already holds
 * privileges on the database fails before any write, naming them; `adopt: true` takes them over
 * (the user then holds exactly the declared privileges, and a destroy revokes them).
 */
export class DatabaseUserGrant extends ResellerResource<DatabaseUserGrantArgs> {
  protected static override readonly spec = resourceClassSpec(databaseUserGrantDefinition, { outputs: { hostingUsername: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  /** With the server's prefix (`agencyde_shop`). */
  declare public readonly database: pulumi.Output<string>;
  /** With the server's prefix. */
  declare public readonly user: pulumi.Output<string>;
  /** Live privileges, in the documented order. */
  declare public readonly privileges: pulumi.Output<string[]>;
  declare public readonly databaseType: pulumi.Output<string>;
  /** The hosting account's username, the prefix of the names ("" when the listing does not show it). */
  declare public readonly hostingUsername: pulumi.Output<string>;
  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;
  /** Whether the create took over privileges the user held already; absent after an import. */
  declare public readonly adopted: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing grant by its id (`101/agencyde_wp/agencyde_wpuser`).
   *
   * @example
   * const wp = DatabaseUserGrant.get("wp", "101/agencyde_wp/agencyde_wpuser");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): DatabaseUserGrant {
    return new DatabaseUserGrant(name, undefined, { ...opts, id });
  }
}
