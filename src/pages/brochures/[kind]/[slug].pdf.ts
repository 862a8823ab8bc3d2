import type { APIRoute, GetStaticPaths } from 'astro';
import { findBrochure, listBrochures } from '../../../features/brochure/brochures.ts';

/** Each home's and open project's sale brochure, a PDF made at build from its content. */
export const getStaticPaths: GetStaticPaths = async () =>
  (await listBrochures()).map(({ kind, slug }) => ({ params: { kind, slug } }));

export const GET: APIRoute = async ({ params }) => {
  const brochure = await findBrochure(params.kind as 'villas' | 'apartments' | 'projects', params.slug ?? '');
  if (!brochure) return new Response(null, { status: 404 });
  return new Response(brochure.bytes, { headers: { 'content-type': 'application/pdf' } });
};
