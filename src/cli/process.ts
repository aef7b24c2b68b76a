/**
 * How the `reseller` process ends, the same way for every subcommand: exit codes, a closed
 * standard output (`reseller generate | head -3`) and interrupting signals. Without this, a write
 * to a pipe whose reader has gone raises an unhandled `EPIPE` with a stack trace.
 */

/**
 * Exit codes of `reseller` (docs/cli.md). `reseller ping` and `reseller probe` add their own (2, 3, 4, 5: `PING_EXIT`, `PROBE_EXIT`).
 *
 * @example
 * process.exitCode = EXIT.interrupted;
 */
export const EXIT = {
  /** Done, or `reseller sim` stopped by SIGINT or SIGTERM after closing its server. */
  ok: 0,
  /** An error (bad flag, refused request, failed write); the message is on standard error. */
  error: 1,
  /** Interrupted by SIGINT (Ctrl+C) before it finished: 128 + 2, as a shell reports it. */
  interrupted: 130,
  /** Terminated by SIGTERM before it finished: 128 + 15. */
  terminated: 143,
} as const;

/** The error codes of a write to an output whose reader has gone. */
const CLOSED_OUTPUT = new Set(["EPIPE", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END"]);

/**
 * Whether `error` says that the reader of an output went away.
 *
 * @example
 * process.stdout.on("error", (e) => { if (!isClosedOutput(e)) throw e; });
 */
export function isClosedOutput(error: unknown): boolean {
  return CLOSED_OUTPUT.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");
}

/**
 * Writes `text` to `stream` unless its reader has gone: output that no one reads is dropped, not
 * an error.
 *
 * @example
 * say(process.stdout, "Simulator listening on http://127.0.0.1:8787\n");
 */
export function say(stream: NodeJS.WriteStream, text: string): void {
  if (stream.destroyed || !stream.writable) return;
  stream.write(text);
}

/**
 * What the process does when its standard output or error closes: `keep-running` (a server,
 * whose output is informational) drops further output; `exit` ends the process with the exit
 * code set so far (0 when none), quietly, as `head` expects of the command before it.
 *
 * @example
 * handleClosedOutput(() => "exit");
 */
export function handleClosedOutput(policy: () => "exit" | "keep-running"): void {
  const onError = (error: Error): void => {
    if (!isClosedOutput(error)) throw error;
    if (policy() === "exit") process.exit(typeof process.exitCode === "number" ? process.exitCode : EXIT.ok);
  };
  process.stdout.on("error", onError);
  process.stderr.on("error", onError);
}

/**
 * Ends the process on SIGINT with {@link EXIT.interrupted} and on SIGTERM with
 * {@link EXIT.terminated}, quietly: for commands that hold nothing that needs closing.
 *
 * @example
 * exitOnSignals();
 */
export function exitOnSignals(): void {
  process.once("SIGINT", () => process.exit(EXIT.interrupted));
  process.once("SIGTERM", () => process.exit(EXIT.terminated));
}
