/**
 * The `Database` resource class users construct in their programs.
 */
import type * as pulumi from "@pulumi/pulumi";
import { ResellerResource, resourceClassSpec, type ResellerGetOptions } from "../../provider/program/resource";
import { databaseDefinition } from "./provider";

/** The arguments of a {@link Database}. Every argument replaces the database when it changes. */
export interface DatabaseArgs {
  /** The hosting account holding the database. */
  hostingId: pulumi.Input<number>;
  /**
   * `shop`, or with the server's prefix, `<hosting username>_shop`: letters, digits and `_`, at
   * most 64 characters with the prefix. Both forms name the same database.
   */
  name: pulumi.Input<string>;
  /** `MYSQL` (default) or `POSTGRES` (v4 and v3 only). */
  databaseType?: pulumi.Input<string>;
  /**
   * Take over the database if it exists already, instead of failing; nothing in it changes.
   * Default false. Used when creating only (changing it later replaces nothing).
   */
  adopt?: pulumi.Input<boolean>;
}

/**
 * A MySQL or PostgreSQL database of a hosting account.
 *
 * Destroying it, or replacing it (any argument change: the API cannot rename a database), deletes
 * the database **with its data**. Protect databases that hold data:
 * `{ protect: true }` or `{ retainOnDelete: true }`.
 *
 * ## Example Usage
 *
 * ```typescript
 * import { Database, DatabaseUser, DatabaseUserGrant } from "pulumi-hosting-reseller";
 *
 * const db = new Database("shop", { hostingId: 101, name: "shop" }, { protect: true });
 * const user = new DatabaseUser("shop-app", { hostingId: 101, name: "shopapp", password: dbPassword });
 * new DatabaseUserGrant("shop-app", { hostingId: 101, database: db.name, user: user.name, privileges: ["ALL PRIVILEGES"] });
 * export const databaseName = db.name; // "agencyde_shop"
 * ```
 *
 * ## Import
 *
 * The id is `<hostingId>/<name>` with the server's prefix, e.g. `101/agencyde_shop`. Dynamic
 * providers cannot be imported with `pulumi import` (pulumi#16175): declare the database with
 * `adopt: true`, which takes it over as it is, or read it with `Database.get`.
 *
 * @example
 * new Database("wp", { hostingId: 101, name: "agencyde_wp", adopt: true }, { protect: true });
 */
export class Database extends ResellerResource<DatabaseArgs> {
  protected static override readonly spec = resourceClassSpec(databaseDefinition, { outputs: { hostingUsername: true } });

  declare public readonly hostingId: pulumi.Output<number>;
  /** The full name, with the `<hosting username>_` prefix. */
  declare public readonly name: pulumi.Output<string>;
  declare public readonly databaseType: pulumi.Output<string>;
  /** The hosting account's username, the prefix of the name. */
  declare public readonly hostingUsername: pulumi.Output<string>;
  /** `adopt` as it was at create; absent after an import. */
  declare public readonly adopt: pulumi.Output<boolean | undefined>;

  /**
   * Looks up an existing database by its id (`101/agencyde_wp`).
   *
   * @example
   * const wp = Database.get("wp", "101/agencyde_wp");
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: ResellerGetOptions): Database {
    return new Database(name, undefined, { ...opts, id });
  }
}
