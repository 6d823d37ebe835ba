/** Types of scripts/server-build-state.mjs (read by src/server/compiled-build.test.ts). */
export const SERVER_SOURCE_FOLDERS: string[];
export function newestSourceTime(root: string, folders?: string[]): number;
export function serverBuildState(root: string, bundle: string): "missing" | "stale" | "current";
