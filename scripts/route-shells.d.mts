/** Types of scripts/route-shells.mjs (read by src/server/plugins/spa-fallback.test.ts and src/web/prerender/route-shells.test.ts). */
export interface RouteShell {
  path: string;
  file: string;
  module: string;
  fetch: string[];
}
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;
export const ROUTE_SHELLS: RouteShell[];
export function moduleChunks(manifest: ViteManifest, key: string): string[];
export function routeShell(shell: string, manifest: ViteManifest, route: RouteShell, firstPaint?: string): string;
