/**
 * Navigation for code that lives outside React (the API client, the native back button).
 * The router registers itself at start-up; before that, setting the hash has the same effect
 * because the app uses hash routes.
 */
type Navigator = (path: string) => void;

let navigator: Navigator = (path) => {
  window.location.hash = `#${path}`;
};

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(path: string): void {
  navigator(path);
}
