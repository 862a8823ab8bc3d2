import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every HTML file a build wrote under `dir`, for the integrations that rewrite built pages. */
export async function builtHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}
