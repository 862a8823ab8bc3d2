import path from 'node:path';
import { readContentWrites } from '../config.ts';
import type { ContentWriter } from './content-writer.ts';
import { githubWriter } from './github-writer.ts';
import { workingCopyWriter } from './working-copy-writer.ts';

/**
 * The content writer the configuration names (`readContentWrites`): GitHub when CONTENT_REPO,
 * CONTENT_BRANCH and CONTENT_GITHUB_TOKEN are set, the working copy `npm start` serves
 * (CMS_WORKING_COPY, which it sets) otherwise, or undefined where neither is (a deploy without the
 * CONTENT_ settings), for the caller to say what to set.
 */
export function chooseContentWriter(environment: NodeJS.ProcessEnv = process.env): ContentWriter | undefined {
  const settings = readContentWrites(environment);
  if (settings.kind === 'github') return githubWriter(settings);
  if (settings.kind === 'working-copy') return workingCopyWriter(path.resolve(settings.root));
  return undefined;
}
