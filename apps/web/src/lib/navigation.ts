/**
 * Lets non-React code (the API client) move the router. The router registers itself at start-up;
 * before that, a full page load does the job.
 */
type Navigate = (to: string) => void;
let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  navigator(to);
}
