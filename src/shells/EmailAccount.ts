// The EmailAccount shell as a module of its own: state names it as `require("pulumi-hosting-reseller/dist/shells/EmailAccount.js")` (docs/decisions/0043).
import { methods } from "../provider/program/methods";

export = methods("EmailAccount");
