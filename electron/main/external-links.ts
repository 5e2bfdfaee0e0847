/**
 * Which links leave the app for the user's browser: https only, to an allowlisted host (exact name, no user or
 * password in the URL, default port). Everything else the page tries to open goes nowhere.
 */

/** Hosts whose pages the app may open in the browser: NVIDIA's CUDA documentation and the project's code host. */
export const ALLOWED_EXTERNAL_HOSTS: readonly string[] = [
  'docs.nvidia.com',
  'developer.nvidia.com',
  'github.com',
];

/** True when `url` may be handed to `shell.openExternal`. */
export function isAllowedExternal(url: string, hosts: readonly string[] = ALLOWED_EXTERNAL_HOSTS): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return (
    u.protocol === 'https:' &&
    u.username === '' &&
    u.password === '' &&
    u.port === '' &&
    hosts.includes(u.hostname)
  );
}
