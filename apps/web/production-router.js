// A module resolution hook for the production server (decision 048): react-router's package exports
// send every import, production included, to its development build (dist/development, with dev
// warnings and checks; remix-run/react-router#14102). Under NODE_ENV=production this sends the entry
// points to the production build of the same version instead. Only the entry file is redirected:
// its relative imports then resolve inside dist/production, so the whole process runs one copy.
const DEVELOPMENT = '/node_modules/react-router/dist/development/';
const PRODUCTION = '/node_modules/react-router/dist/production/';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.includes(DEVELOPMENT)) return { ...resolved, url: resolved.url.replace(DEVELOPMENT, PRODUCTION) };
  return resolved;
}
