/**
 * The flags node runs the server with. `npm start`, the image's CMD and `npm run prod:smoke` pass
 * them on the command line, and the bench starts its servers and runs its in-process sections (the
 * search engine) with them (a test keeps these in step).
 *
 * `--max-semi-space-size=64`: V8's young generation grows to 64 MiB a half instead of 16. A request
 * makes short-lived objects (its parsed JSON, rows, answer); with the default, scavenges ran so
 * often that objects still in use were promoted and the old generation grew. Measured side by side
 * at 100 connections on the 100k bench data (docs/performance.md): 20–27% more requests a second on
 * the one-object reads (6–15% on lists), up to 31% less CPU a request, and half the resident memory
 * after load (455 MB against 909 MB). The yardstick, which keeps nothing, gained nothing from it.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;

/** Which of the server's flags this process was started without (on the command line or NODE_OPTIONS). */
export function missingNodeFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].map((f) => f.split('=')[0]!));
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flag.split('=')[0]!));
}
