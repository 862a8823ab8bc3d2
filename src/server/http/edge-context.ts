/**
 * What a function's handler reads of the platform's context: the caller's address (set by Netlify's edge,
 * or by the local server from the socket, never from a header) and the route's parameters. Netlify's
 * `Context` satisfies it, so src/server never imports the platform's types.
 */
export type EdgeContext = {
  ip: string;
  params: Record<string, string>;
};
