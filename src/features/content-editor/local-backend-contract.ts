/**
 * Where `npm start` and `npm run dev` run the guard of the editor's local backend, its one way in
 * (scripts/support/cms-backend.ts), and where the editor's config points (src/integrations/content-editor.ts).
 * A module of its own: the server reads this one number, and the integration beside it loads Sass,
 * esbuild and YAML, about 2 s of a core on every server start.
 */
export const cmsBackendPort = Number(process.env.CMS_BACKEND_PORT ?? 8081);
