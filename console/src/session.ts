/**
 * The API key of this tab: in sessionStorage only (never localStorage, never a cookie), so it is gone
 * when the tab closes and no other tab or site can read it (docs/threat-model.md, "The web console").
 */
const KEY = 'email-service-console.api-key';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  signIn: (key: string) => sessionStorage.setItem(KEY, key),
  signOut: () => sessionStorage.removeItem(KEY),
};
