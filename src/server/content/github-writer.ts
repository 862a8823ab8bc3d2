import { Octokit } from '@octokit/rest';
import type { SaleStatus } from '../../lib/sale-law.ts';
import { Refusal } from '../refusal.ts';
import {
  type ContentWriter,
  type HomeFile,
  homeContentPath,
  readPreviousStatus,
  unknownHome,
} from './content-writer.ts';
import { setSaleStatusInText } from './sale-status-text.ts';

/** Where the site's content lives on GitHub, and a token that may write its contents (CONTENT_*). */
export type GithubContentSettings = {
  /** `owner/name`. */
  repo: string;
  branch: string;
  token: string;
  /** GitHub's REST API; the tests point it at a stand-in of the two endpoints used here. */
  baseUrl?: string;
};

/** How long one call to GitHub may take before the office is told to try again. */
const callTimeoutMs = 20_000;

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * The writer for a site deployed by Netlify from GitHub: reads the home's file on the content's branch
 * and commits it back with the status changed, through GitHub's contents API and its official SDK. The
 * commit names the file's sha as read, so a change made meanwhile (a `/cms` save) is refused rather
 * than overwritten; the commit starts Netlify's build, as a `/cms` save does.
 */
export function githubWriter(settings: GithubContentSettings): ContentWriter {
  const [owner = '', repo = ''] = settings.repo.split('/');
  const octokit = new Octokit({
    auth: settings.token,
    userAgent: 'kayal-villas-content-writer',
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
  });
  const request = () => ({ signal: AbortSignal.timeout(callTimeoutMs) });

  return {
    publishes: 'commit',
    async setSaleStatus(home: HomeFile, status: SaleStatus, message: string) {
      const file = homeContentPath(home);
      const found = await octokit.rest.repos
        .getContent({ owner, repo, path: file, ref: settings.branch, request: request() })
        .catch((error: unknown) => {
          // GitHub answers 404 alike for a file it lacks and a repository the token may not read, so the
          // caller checks the home against the content first; a 404 here is the configuration's to mend.
          if (statusOf(error) === 404) {
            throw new Error(
              `GitHub has no ${file} on ${settings.branch} of ${settings.repo}, or the token may not read it: check CONTENT_REPO, CONTENT_BRANCH and CONTENT_GITHUB_TOKEN.`,
            );
          }
          throw error;
        });
      const data = found.data;
      if (Array.isArray(data) || data.type !== 'file') throw unknownHome(home);
      if (!('encoding' in data) || data.encoding !== 'base64') {
        throw new Error(`GitHub gave ${file} without its text (encoding ${JSON.stringify(data.encoding)}).`);
      }
      const edited = setSaleStatusInText(Buffer.from(data.content, 'base64').toString('utf8'), status);
      const previous = readPreviousStatus(edited.previous, file);
      if (previous === status) return { path: file, previous, saleStatus: status, changed: false };
      const written = await octokit.rest.repos
        .createOrUpdateFileContents({
          owner,
          repo,
          path: file,
          branch: settings.branch,
          message,
          content: Buffer.from(edited.text, 'utf8').toString('base64'),
          sha: data.sha,
          request: request(),
        })
        .catch((error: unknown) => {
          // 409: the sha named is no longer the file's (someone saved it meanwhile).
          if (statusOf(error) === 409) {
            throw new Refusal(
              'conflict',
              `${file} changed on GitHub while this was being written; try again to write it over the new version.`,
            );
          }
          throw error;
        });
      return {
        path: file,
        previous,
        saleStatus: status,
        changed: true,
        ...(written.data.commit.sha ? { revision: written.data.commit.sha } : {}),
      };
    },
  };
}
