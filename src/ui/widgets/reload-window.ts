/** Reloads the page (its own module, so that component tests can see it called). */
export function reloadWindow(): void {
  window.location.reload();
}
