// A first program: it reads the reseller account and changes nothing. Declare resources below
// (DnsRecordSet, Redirection, FtpAccount, ...; see the package's docs/resources/), or write a
// program from what the account holds with `npx reseller generate --out .`.
import { getAccountInfoOutput } from "pulumi-hosting-reseller";

const account = getAccountInfoOutput();

export const creditRemaining = account.creditRemaining;
export const creditCurrency = account.creditCurrency;
export const activeDomains = account.activeDomains;
