/**
 * FTP accounts of a hosting account and their active connections.
 *
 * Accounts are `ftpUser@domain` with the domain attached to the hosting account; requests name
 * the local part and the domain separately (S2 splits on `@`, catalog §1 #67). Passwords go
 * through the API's strength check, whose failure clients recognise by the string
 * `isStrongPassword` in `errors` (S2, catalog §7.2).
 */
import type { FtpAccountState, HostingState, SimState } from "../state";
import { SimError, type OpContext, type SimArea, type SimContext } from "../types";
import { attachedDomain, DEMO_HOSTING, PASSWORD_RULES, requireStrongPassword } from "./shared";

/** Directories that exist in every home directory. */
const BASE_FOLDERS = ["/", "/public_html"];

/** A root path as the account stores it: absolute, no `.` or `..` segments, no trailing slash. */
function normalizePath(raw: string, field = "path"): string {
  if (!raw.startsWith("/")) throw new SimError(400, `Invalid field "${field}": the path must start with "/" (got "${raw}")`);
  const segments = raw.split("/").filter((s) => s !== "");
  if (segments.some((s) => s === "." || s === "..")) {
    throw new SimError(400, `Invalid field "${field}": "." and ".." are not allowed in a path`);
  }
  return `/${segments.join("/")}`;
}

function ancestors(path: string): string[] {
  const out = ["/"];
  const segments = path.split("/").filter((s) => s !== "");
  for (let i = 1; i <= segments.length; i += 1) out.push(`/${segments.slice(0, i).join("/")}`);
  return out;
}

function folderExists(hosting: HostingState, path: string): boolean {
  const known = [...BASE_FOLDERS, ...(hosting.ftpFolders ?? []), ...hosting.ftpAccounts.map((a) => a.path)];
  return known.some((folder) => ancestors(folder).includes(path));
}

function makeFolder(hosting: HostingState, path: string): void {
  if (folderExists(hosting, path)) return;
  hosting.ftpFolders = [...(hosting.ftpFolders ?? []), path];
}

/** The local part of an FTP username; `@` belongs to the domain, which travels separately. */
function localPart(raw: unknown): string {
  const user = String(raw).trim().toLowerCase();
  if (user.includes("@")) {
    throw new SimError(400, `Invalid field "ftpUser": give only the part before "@" ("${user.split("@")[0]}") and the domain separately`);
  }
  if (!/^[a-z0-9][a-z0-9._-]{0,31}$/.test(user)) {
    throw new SimError(400, `Invalid field "ftpUser": "${user}" must be 1 to 32 letters, digits, ".", "_" or "-"`);
  }
  return user;
}

/** The parameters that name an account: every operation on one takes them. */
type AccountParams = { domain: string; ftpUser: string };

function address(ctx: SimContext<AccountParams>): { hosting: HostingState; username: string } {
  const hosting = ctx.hosting();
  const domain = attachedDomain(hosting, ctx.params.domain);
  return { hosting, username: `${localPart(ctx.params.ftpUser)}@${domain}` };
}

function find(ctx: SimContext<AccountParams>): { hosting: HostingState; account: FtpAccountState } {
  const { hosting, username } = address(ctx);
  const account = hosting.ftpAccounts.find((a) => a.username === username);
  if (!account) throw new SimError(404, `FTP account ${username} not found`);
  return { hosting, account };
}

const entry = (a: FtpAccountState) => ({ id: a.id, username: a.username, path: a.path });

// ---- one function per operation; the core shapes each version's reply as the table's rows say ----

function listAccounts(ctx: SimContext) {
  return { data: ctx.hosting().ftpAccounts.map(entry) };
}

/**
 * `createFolder` defaults to false: without it the root directory must already exist (v4
 * document). v2 has no such switch (S8 FtpaccountAddBody): the directory is created when missing.
 */
function createAccount(ctx: OpContext<"ftp.createAccount">) {
  const createFolder = ctx.endpoint.version === "v2" || ("createFolder" in ctx.params && ctx.params.createFolder === true);
  const { hosting, username } = address(ctx);
  const path = normalizePath(ctx.params.path);
  requireStrongPassword(ctx.params.password, "password", PASSWORD_RULES.long);
  if (hosting.ftpAccounts.some((a) => a.username === username)) {
    throw new SimError(409, `The FTP account ${username} already exists`);
  }
  if (!folderExists(hosting, path)) {
    if (!createFolder) throw new SimError(400, `The directory ${path} does not exist; set createFolder to create it`);
    makeFolder(hosting, path);
  }
  // Skip ids a seed file already used without moving the counter past them.
  let id = ctx.nextId("ftp");
  while (hosting.ftpAccounts.some((a) => a.id === id)) id = ctx.nextId("ftp");
  const account: FtpAccountState = {
    id,
    username,
    domain: username.slice(username.indexOf("@") + 1),
    path,
    password: ctx.params.password,
  };
  hosting.ftpAccounts.push(account);
  return { ...entry(account), message: `FTP account ${username} created` };
}

function setPassword(account: FtpAccountState, password: string) {
  requireStrongPassword(password, "password", PASSWORD_RULES.long);
  account.password = password;
  return { message: `Password of ${account.username} changed` };
}

// Changing the root creates the directory if needed: the edit has no createFolder switch.
function setPath(hosting: HostingState, account: FtpAccountState, raw: string) {
  const path = normalizePath(raw);
  makeFolder(hosting, path);
  account.path = path;
  return { message: `Path of ${account.username} changed to ${path}` };
}

/** v4/v3 edit: the password always, the path when given; one `{ message }` per change (v4 document). */
function editAccount(ctx: OpContext<"ftp.editAccount">) {
  const { hosting, account } = find(ctx);
  const { path, password } = ctx.params;
  // Validate the path before changing anything, so a bad path leaves the password as it was.
  if (path !== undefined) normalizePath(path);
  const data = [setPassword(account, password)];
  if (path !== undefined) data.push(setPath(hosting, account, path));
  return { data };
}

function deleteAccount(ctx: OpContext<"ftp.deleteAccount">) {
  const { hosting, account } = find(ctx);
  hosting.ftpAccounts = hosting.ftpAccounts.filter((a) => a !== account);
  // Removing an account ends its sessions.
  hosting.ftpConnections = hosting.ftpConnections.filter((c) => c.account !== account.username);
  return { message: `FTP account ${account.username} deleted` };
}

function listConnections(ctx: SimContext) {
  return { activeConnections: ctx.hosting().ftpConnections.map((c) => ({ ...c })) };
}

const v3Address = { username: DEMO_HOSTING.v3.username };
const demo = { id: 101, domain: "agency-demo.com" };
const newAccount = { ...demo, ftpUser: "sample", path: "/public_html/sample", password: "Sample-Pass-2026" };
const edit = { ...demo, ftpUser: "deploy", password: "New-Deploy-Pass-2026", path: "/public_html/app" };
const existing = { ...demo, ftpUser: "deploy" };
const noParams = (_: SimState) => ({ id: 101 });

/** Samples may run in any order on one store: make sure the demo account exists and the new one does not. */
function prepare(state: SimState): void {
  const hosting = state.hostings["101"]!;
  hosting.ftpAccounts = hosting.ftpAccounts.filter((a) => a.username !== "sample@agency-demo.com");
  if (!hosting.ftpAccounts.some((a) => a.username === "deploy@agency-demo.com")) {
    state.counters.ftp = (state.counters.ftp ?? 0) + 1;
    hosting.ftpAccounts.push({
      id: state.counters.ftp,
      username: "deploy@agency-demo.com",
      domain: "agency-demo.com",
      path: "/public_html",
      password: "Deploy-Pass-2026!",
    });
  }
}
const sample = (params: Record<string, unknown>) => (state: SimState) => {
  prepare(state);
  return params;
};

/** Handlers of `ftp.*`, one per operation (v2 changes password and path separately). */
export const ftpArea: SimArea = {
  name: "ftp",
  handlers: {
    "ftp.listAccounts": listAccounts,
    "ftp.createAccount": createAccount,
    "ftp.editAccount": editAccount,
    "ftp.deleteAccount": deleteAccount,
    "ftp.listConnections": listConnections,
    "ftp.changePassword": (ctx) => setPassword(find(ctx).account, ctx.params.password),
    "ftp.updatePath": (ctx) => {
      const { hosting, account } = find(ctx);
      return setPath(hosting, account, ctx.params.path);
    },
  },
  samples: {
    "v4.ftp.listAccounts": noParams,
    "v4.ftp.createAccount": sample({ ...newAccount, createFolder: true }),
    "v4.ftp.editAccount": sample(edit),
    "v4.ftp.deleteAccount": sample(existing),
    "v4.ftp.listConnections": noParams,
    "v3.ftp.listAccounts": () => ({ id: 101, ...v3Address }),
    "v3.ftp.createAccount": sample({ ...newAccount, ...v3Address, createFolder: true }),
    "v3.ftp.editAccount": sample({ ...edit, ...v3Address }),
    "v3.ftp.deleteAccount": sample({ ...existing, ...v3Address }),
    "v3.ftp.listConnections": () => ({ id: 101, ...v3Address }),
    "v2.ftp.listAccounts": noParams,
    "v2.ftp.createAccount": sample(newAccount),
    "v2.ftp.deleteAccount": sample(existing),
    "v2.ftp.changePassword": sample({ ...existing, password: edit.password }),
    "v2.ftp.updatePath": sample({ ...existing, path: edit.path }),
    "v2.ftp.listConnections": noParams,
  },
};
