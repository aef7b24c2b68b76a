/**
 * `reseller ping`: checks that the API answers and accepts the credentials, from this machine.
 *
 * It calls `account.hello` (the API's connection test) and then `account.getInfo` (which needs
 * valid credentials), and prints the API version, the URL and the credit. The API refuses callers
 * whose address the reseller has not allowed, with a message that names the address ("The
 * reseller account has not whitelisted the IP address 203.0.113.7", catalog §7.2); ping prints
 * that address so it can be added to the allow-list.
 *
 * With `--account NAME` it checks that account of `--accounts` / `RESELLER_ACCOUNTS` (a stack's
 * `reseller:accounts`) instead of the top-level keys.
 *
 * Exit codes: 0 connected; 2 the caller's address is not allowed; 3 the credentials are missing
 * or refused, or the account is not configured; 4 the API could not be reached (network, TLS,
 * timeout); 1 anything else.
 */
import { isIP } from "node:net";
import type { Command } from "commander";
import { isResellerApiError } from "../client/errors";
import { accountKeyPath, CONFIG_KEYS, type ProviderSettings } from "../provider/config";
import { addConnectionOptions, clientFromSettings, settingsFromFlags, type ConnectionFlags } from "./generate";

/** Exit codes of `reseller ping`. */
export const PING_EXIT = { ok: 0, other: 1, ipNotAllowed: 2, authentication: 3, transport: 4 } as const;

/** The IP address an allow-list error names, or undefined when it names none. */
export function addressInMessage(message: string): string | undefined {
  for (const token of message.split(/[\s,;()[\]"'<>]+/)) {
    const candidate = token.replace(/^[^0-9a-fA-F:]+|[.:]+$/g, "");
    if (candidate !== "" && isIP(candidate) !== 0) return candidate;
  }
  return undefined;
}

function credentialHint(settings: ProviderSettings): string {
  if (settings.account !== undefined) {
    return `check ${accountKeyPath(settings.account, "apiUser")} and ${accountKeyPath(settings.account, "apiKey")} (--accounts or RESELLER_ACCOUNTS)`;
  }
  const keys = CONFIG_KEYS.filter((k) => k.key === "apiUser" || k.key === "apiKey");
  return `check ${keys.map((k) => `--${k.key === "apiUser" ? "api-user" : "api-key"} / ${k.env}`).join(" and ")} (stack config reseller:apiUser and reseller:apiKey)`;
}

/**
 * Runs the check and returns the exit code; every line goes to `out`. Settings come from
 * `flags`, then `env`, then the defaults.
 */
export async function runPing(flags: ConnectionFlags, out: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let client;
  let settings;
  try {
    settings = settingsFromFlags(flags, env);
    client = clientFromSettings(settings);
  } catch (err) {
    const message = (err as Error).message;
    out(`reseller ping: ${message}`);
    return /credential|is not configured/i.test(message) ? PING_EXIT.authentication : PING_EXIT.other;
  }
  try {
    const hello = await client.account.hello();
    const info = await client.account.getInfo();
    out(`Connected to ${settings.apiUrl} (API ${settings.apiVersion})${settings.account === undefined ? "" : `, account "${settings.account}"`}`);
    if (hello.message) out(`  ${hello.message}`);
    const credit = info.credit_remaining === undefined ? "unknown" : `${info.credit_remaining}${info.credit_currency ? ` ${info.credit_currency}` : ""}`;
    out(`  credit: ${credit}`);
    if (info.num_active_domains !== undefined) out(`  active domains: ${info.num_active_domains}`);
    return PING_EXIT.ok;
  } catch (err) {
    if (isResellerApiError(err, "ip-not-allowed")) {
      const text = err.apiError ?? err.message;
      const address = addressInMessage(text);
      out(`reseller ping: ${settings.apiUrl} refused this machine's address: ${text}`);
      out(
        address
          ? `Add ${address} to the allowed IP addresses of the reseller API (client area, reseller section), then run ping again.`
          : "Add this machine's public address to the allowed IP addresses of the reseller API (client area, reseller section).",
      );
      return PING_EXIT.ipNotAllowed;
    }
    if (isResellerApiError(err, "authentication")) {
      out(`reseller ping: ${settings.apiUrl} refused the credentials: ${err.apiError ?? err.message}`);
      out(`The API user or key is wrong: ${credentialHint(settings)}.`);
      return PING_EXIT.authentication;
    }
    if (isResellerApiError(err, "transport") || isResellerApiError(err, "timeout")) {
      out(`reseller ping: could not reach ${settings.apiUrl}: ${err.message}`);
      const url = settings.account === undefined ? "--api-url / RESELLER_API_URL" : accountKeyPath(settings.account, "apiUrl");
      out(`Check ${url}, the network and the proxy settings.`);
      return PING_EXIT.transport;
    }
    out(`reseller ping: ${(err as Error).message}`);
    return PING_EXIT.other;
  } finally {
    await client.close();
  }
}

/** Registers `reseller ping`. */
export function registerPingCommand(program: Command): void {
  const command = program.command("ping").description("check the connection and the credentials; on an allow-list refusal, show the address to allow");
  addConnectionOptions(command).action(async (flags: ConnectionFlags) => {
    process.exitCode = await runPing(flags, (line) => process.stdout.write(`${line}\n`));
  });
}
