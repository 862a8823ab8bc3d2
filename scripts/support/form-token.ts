import { apiRoutes, formTokenAnswerSchema } from '../../src/lib/api-contract.ts';

/**
 * A token for the public forms from the server at `origin`, fetched as an island fetches it: a post
 * carries it as `formToken` in its body, and the server takes it once FORM_MIN_FILL_SECONDS have passed.
 */
export async function fetchFormToken(origin: string): Promise<string> {
  const response = await fetch(new URL(apiRoutes.formToken, origin));
  if (!response.ok) throw new Error(`GET ${apiRoutes.formToken} answered ${response.status}`);
  return formTokenAnswerSchema.parse(await response.json()).token;
}
