// What the three front ends' Vite builds share (apps/web, apps/merchant, apps/platform vite.config.ts):
// the build warnings known to be harmless are dropped where Rollup reports them, so a build (and the
// first `npm start`) shows only warnings someone has to act on.
import type { Rollup } from 'vite';

const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** Whether a Rollup warning is one of the known harmless ones (each from a dependency, never from our code). */
export function isKnownHarmless(warning: Rollup.RollupLog): boolean {
  if (!warning.id || !NODE_MODULES.test(warning.id)) return false;
  // Ant Design, rc-* and TanStack Query mark their modules "use client" for React Server Components;
  // a browser bundle has no server components, and Rollup drops the directive (about 300 lines per console).
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return /"use (client|server)"/.test(warning.message);
  // A comment that looks like a /* @__PURE__ */ annotation in a place Rollup cannot use (zod's
  // explanations of its own annotations): Rollup removes the comment; the code is unchanged.
  if (warning.code === 'INVALID_ANNOTATION') return true;
  return false;
}

/** `build.rollupOptions.onwarn`: every other warning goes to Vite's reporting as before. */
export const onwarn: Rollup.WarningHandlerWithDefault = (warning, warn) => {
  if (!isKnownHarmless(warning)) warn(warning);
};

/** The consoles' framework (React, Ant Design and its rc-* parts, TanStack Query, dayjs): one chunk of its own. */
const CONSOLE_VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|antd|@ant-design[\\/][^\\/]+|rc-[^\\/]+|@rc-component[\\/][^\\/]+|@tanstack[\\/][^\\/]+|dayjs|@emotion[\\/][^\\/]+|@babel[\\/]runtime|classnames|stylis)[\\/]/;

/**
 * `build.rollupOptions.output.manualChunks` of the consoles: the framework in a `vendor` chunk, which
 * stays cached in the browser across releases of the console's own code, instead of one 2 MB chunk
 * (past Vite's chunk size warning). Libraries a page loads on demand (uPlot) keep their own chunks.
 */
export function consoleChunks(id: string): string | undefined {
  return CONSOLE_VENDOR.test(id) ? 'vendor' : undefined;
}
