import { apiRoutes } from '../../lib/api-contract.ts';
import { contentFormats } from '../../lib/cms-formats.ts';
import { paths } from '../../lib/paths.ts';
import {
  describeDeployFailed,
  describeDeploying,
  describeLive,
  describeNextDeploy,
  describeRebuilding,
  describeSavedNotLive,
  pageOfEntry,
} from './after-save.ts';
import { type ContentFormat, createFrontmatterFormat, jsonFormat } from './content-format.ts';
import { drawPropertyPage, type PropertyDraft } from './property-preview.ts';
import { type RebuildState, rebuildPath } from './rebuild-contract.ts';
import { describeSeasonProblem, listSeasonProblems } from './season-problems.ts';

/**
 * What we add to Decap CMS on /cms, run right after its own script (src/integrations/content-editor.ts
 * bundles this file into /cms/editor.js): the seasons' list that refuses, before a save, what the
 * build would refuse, and a preview of a villa or an apartment that looks like its page. Decap's React comes through its globals (`h`, `createClass`), never a second
 * copy of React.
 */

/** An Immutable.js value, as Decap hands a widget its value. */
type Immutable = { toJS(): unknown };

/** A validation error as Decap lists it above a field. */
type FieldError = { type: string; message: string; parentIds?: unknown };

/** The props Decap gives a widget's control that this file reads; the rest pass through. */
type ControlProps = {
  value?: Immutable;
  forID: string;
  parentIds?: unknown;
  onValidateObject: (forID: string, errors: FieldError[]) => void;
};

/** A field's widget inside a list item, as Decap's object control keeps it (`childRefs`, by field name). */
type FieldWidget = { props: { uniqueFieldId: string; parentIds?: unknown } };

/**
 * Decap's list control instance, as far as it is read here (decap-cms 3.16): its items' object
 * controls by key (`childRefs`), the key of each item in order (`state.keys`), its own validation.
 */
type ListControlInstance = {
  validate(): void;
  validateSize(): FieldError[];
  state: { keys: string[]; itemsCollapsed: boolean[] };
  setState(state: { itemsCollapsed: boolean[] }): void;
  childRefs: Record<string, { childRefs?: Record<string, FieldWidget | undefined> } | undefined>;
};

type Component = unknown;

/** What Decap hands a preview template. */
type PreviewProps = {
  entry: { getIn(path: string[]): Immutable | undefined };
  widgetFor(name: string): unknown;
  getAsset(path: string): { toString(): string } | undefined;
};

type Decap = {
  getWidget(name: string): { control: Component; preview?: Component };
  registerWidget(name: string, control: Component, preview?: Component): void;
  registerPreviewTemplate(collection: string, template: Component): void;
  registerPreviewStyle(url: string): void;
  registerCustomFormat(name: string, extension: string, formatter: ContentFormat): void;
  registerEventListener(listener: {
    name: 'postSave';
    handler: (event: { entry: { get(key: string): unknown } }) => void;
  }): void;
};

declare global {
  interface Window {
    CMS: Decap;
    h: (type: Component, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
    createClass: (spec: Record<string, unknown>) => Component;
  }
}

const { CMS, h, createClass } = window;
const list = CMS.getWidget('list');

/**
 * The build's season rules over the list as it stands, each as an error of the field it is about
 * ("The last night must be after the first night", beside a season's "Last night"), keyed by that
 * field's id in Decap; a problem of no one field, or of a field not drawn, is the list's own.
 */
function findSeasonErrors(props: ControlProps, control: ListControlInstance | undefined) {
  const seasons = (props.value?.toJS() ?? []) as unknown[];
  const byField = new Map<string, FieldError[]>();
  const add = (id: string, error: FieldError) => byField.set(id, [...(byField.get(id) ?? []), error]);
  for (const problem of listSeasonProblems(seasons)) {
    const key = control?.state.keys[problem.season - 1];
    const widget = key ? control?.childRefs[key]?.childRefs?.[problem.field] : undefined;
    if (widget) {
      add(widget.props.uniqueFieldId, {
        type: 'CUSTOM',
        parentIds: widget.props.parentIds,
        message: problem.message,
      });
    } else {
      add(props.forID, {
        type: 'CUSTOM',
        parentIds: props.parentIds,
        message: describeSeasonProblem(problem, seasons),
      });
    }
  }
  return byField;
}

/**
 * Decap's list, plus the season rules. Decap validates a list of objects by calling the control's
 * own `validate` before a save: each item's fields report their errors through `onValidateObject`,
 * by their own id, and then the list its size. This control hands the list an `onValidateObject`
 * that adds the seasons' errors to the field each is about, so Decap draws the message beside that
 * field, marks it and its season, and refuses the save; `isValid` answers the same when Decap asks
 * the simpler way.
 */
const SeasonsControl = createClass({
  displayName: 'SeasonsControl',
  list: undefined as ListControlInstance | undefined,
  // As Decap's list does: its items draw their errors and folding from props besides the value.
  shouldComponentUpdate: () => true,
  validate(this: { props: ControlProps; list?: ListControlInstance }) {
    const control = this.list;
    if (!control) return;
    control.validate();
    // A folded season hides its fields: unfolded, so the message stands in sight beside its field.
    const wrong = new Set(
      listSeasonProblems(this.props.value?.toJS() ?? []).map((problem) => problem.season - 1),
    );
    const itemsCollapsed = control.state.itemsCollapsed.map((folded, index) => folded && !wrong.has(index));
    if (itemsCollapsed.some((folded, index) => folded !== control.state.itemsCollapsed[index])) {
      control.setState({ itemsCollapsed });
    }
  },
  isValid(this: { props: ControlProps; list?: ListControlInstance }) {
    const [first] = [...findSeasonErrors(this.props, this.list).values()].flat();
    return first ? { error: first } : { error: false };
  },
  render(this: { props: ControlProps; list?: ListControlInstance }) {
    return h(list.control, {
      ...this.props,
      onValidateObject: (id: string, errors: FieldError[]) => {
        const seasonErrors = findSeasonErrors(this.props, this.list).get(id) ?? [];
        this.props.onValidateObject(id, [...errors, ...seasonErrors]);
      },
      ref: (control: ListControlInstance | null) => {
        this.list = control ?? undefined;
      },
    });
  },
});

CMS.registerWidget('seasons', SeasonsControl, list.preview);

/** The page of a villa or an apartment as the entry would build it, redrawn as the editor types. */
function previewProperty(kind: 'villas' | 'apartments') {
  return createClass({
    displayName: `${kind}Preview`,
    render(this: { props: PreviewProps }) {
      const { entry, widgetFor, getAsset } = this.props;
      const data = entry.getIn(['data']);
      return drawPropertyPage(h, (data?.toJS() ?? {}) as PropertyDraft, {
        kind,
        body: widgetFor('body'),
        pictureUrl: (src) => getAsset(src)?.toString() ?? '',
      });
    },
  });
}

// The content files written back as the repository holds them: a save changes the fields changed.
CMS.registerCustomFormat(contentFormats.frontmatter, 'md', createFrontmatterFormat());
CMS.registerCustomFormat(contentFormats.json, 'json', jsonFormat);

CMS.registerPreviewStyle('/cms/preview.css');
CMS.registerPreviewTemplate('villas', previewProperty('villas'));
CMS.registerPreviewTemplate('apartments', previewProperty('apartments'));

/** The minutes a deploy takes on Netlify, as the build wrote them into the editor's page (CMS_DEPLOY_MINUTES). */
const deployMinutes = Number(
  document.querySelector('meta[name="deploy-minutes"]')?.getAttribute('content') ?? 5,
);

/**
 * The panel under the editor that says, after a save, where the change shows and when it will be
 * live: under `npm start`, with a "Rebuild the site now" that rebuilds and says when the page is
 * updated; on Netlify, after the next deploy. Announced to screen readers as it changes.
 */
function afterSavePanel() {
  let panel = document.getElementById('after-save');
  if (!panel) {
    panel = document.createElement('section');
    panel.id = 'after-save';
    panel.setAttribute('aria-label', 'Publishing');
    Object.assign(panel.style, {
      position: 'fixed',
      right: '16px',
      bottom: '16px',
      zIndex: '1000',
      maxWidth: '28rem',
      padding: '12px 16px',
      background: '#fff',
      color: '#1e2a32',
      border: '1px solid #798291',
      borderRadius: '6px',
      boxShadow: '0 2px 8px rgb(0 0 0 / 20%)',
      font: '15px/1.4 system-ui, sans-serif',
    });
    document.body.append(panel);
  }
  panel.replaceChildren();
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.style.margin = '0';
  panel.append(status);
  return { panel, status };
}

function link(address: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = address;
  anchor.target = '_blank';
  anchor.rel = 'noopener';
  anchor.textContent = address;
  // Decap's grey for links (#798291) is under AA contrast on the panel's white.
  Object.assign(anchor.style, { color: '#1d5a85', textDecoration: 'underline' });
  return anchor;
}

/** Says `words`, then the page's address as a link, in `status`. */
function say(status: HTMLElement, words: string, address?: string) {
  status.replaceChildren(words);
  if (address) status.append(' ', link(address));
}

/** The server's answer: how the rebuild stands, or the sentence it refused with. */
async function readRebuild(response: Response): Promise<{ state: RebuildState } | { refusal: string }> {
  const body = (await response.json()) as RebuildState | { error: { message: string } };
  return response.ok
    ? { state: body as RebuildState }
    : { refusal: (body as { error: { message: string } }).error.message };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the rebuild until it is live or failed, saying each step in `status` (until a later save replaces it). */
async function followRebuild(status: HTMLElement, address: string | undefined) {
  for (;;) {
    if (!status.isConnected) return;
    const answer = await readRebuild(await fetch(rebuildPath, { credentials: 'same-origin' }));
    if ('refusal' in answer) return say(status, answer.refusal);
    const { state } = answer;
    if (state.status === 'live') {
      const live = describeLive(state.finishedAt);
      return say(status, address ? `${live}:` : `${live}.`, address);
    }
    if (state.status === 'failed') {
      return say(
        status,
        `The rebuild failed, and the site as it was is still served. The build said: ${state.error}`,
      );
    }
    if (state.status === 'building') say(status, describeRebuilding(state, new Date()));
    await pause(2000);
  }
}

/** How long the editor follows a deploy on Netlify before it leaves the office to Netlify's own page. */
const followDeployMs = 40 * 60_000;

/**
 * On Netlify: follows the deploy of the save made at `savedAt` from Netlify's deploy status
 * (/api/admin/site-deploy, for office admins), saying each step in `status`, to "Live at 10:42".
 */
async function followDeploy(status: HTMLElement, address: string | undefined, savedAt: Date) {
  const ask = `${apiRoutes.adminSiteDeploy}?since=${encodeURIComponent(savedAt.toISOString())}`;
  while (Date.now() - savedAt.getTime() < followDeployMs) {
    await pause(5000);
    if (!status.isConnected) return;
    const response = await fetch(ask, { credentials: 'same-origin' }).catch(() => undefined);
    // A moment offline: asked again at the next turn.
    if (!response) continue;
    if (response.status === 401 || response.status === 403) {
      say(
        status,
        `${describeNextDeploy(deployMinutes)} To follow the deploy here, sign in as an office admin at`,
      );
      status.append(' ', link(paths.adminLogin), '.');
      return;
    }
    const answer = await readRebuild(response).catch(() => undefined);
    if (!answer) continue;
    if ('refusal' in answer) return say(status, `${describeNextDeploy(deployMinutes)} ${answer.refusal}`);
    const { state } = answer;
    if (state.status === 'live') {
      const live = describeLive(state.finishedAt);
      return say(status, address ? `${live}:` : `${live}.`, address);
    }
    if (state.status === 'failed') return say(status, describeDeployFailed(state.error));
    if (state.status === 'building') say(status, describeDeploying(state, new Date()));
  }
  say(status, 'Saved, but still not live after 40 minutes: see the deploy on Netlify.');
}

async function startRebuild(status: HTMLElement, button: HTMLButtonElement, address: string | undefined) {
  button.disabled = true;
  try {
    const response = await fetch(rebuildPath, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const answer = await readRebuild(response);
    if ('refusal' in answer) say(status, answer.refusal);
    else await followRebuild(status, address);
  } catch {
    say(status, 'The site could not be reached to rebuild it. Is npm start still running?');
  } finally {
    button.disabled = false;
  }
}

/** After a save: where the entry shows, and how it will go live here. */
async function showAfterSave(collection: string, slug: string) {
  const address = pageOfEntry(collection, slug);
  const { panel, status } = afterSavePanel();
  const answer = await fetch(rebuildPath, { credentials: 'same-origin' }).catch(() => undefined);
  // Only `npm start` answers here, in JSON; a deployed site has no such page.
  if (!answer?.headers.get('content-type')?.includes('json')) {
    say(status, describeNextDeploy(deployMinutes));
    // A deploy Netlify starts a little before the browser's clock says the save ended still holds it.
    void followDeploy(status, address, new Date(Date.now() - 30_000));
    return;
  }
  if (answer.status === 401 || answer.status === 403) {
    say(status, 'Saved. To rebuild the site from here, sign in as an office admin at');
    status.append(' ', link(paths.adminLogin), ', then save again.');
    return;
  }
  say(status, describeSavedNotLive(address), address);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Rebuild the site now';
  button.style.marginTop = '8px';
  button.addEventListener('click', () => void startRebuild(status, button, address));
  panel.append(button);
  const now = await readRebuild(answer);
  if ('state' in now && now.state.status === 'building') void followRebuild(status, address);
}

CMS.registerEventListener({
  name: 'postSave',
  handler: ({ entry }: { entry: { get(key: string): unknown } }) => {
    void showAfterSave(String(entry.get('collection')), String(entry.get('slug'))).catch(() => {});
  },
});

// Decap refuses a save whose fields are wrong with a rejected promise nobody catches (its
// persistEntry's `Promise.reject()`, with no reason), once it has marked the fields: the browser
// logged it as an unhandled rejection. Handled here, and said in words beside the marked fields.
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason !== undefined) return;
  event.preventDefault();
  say(afterSavePanel().status, 'Not saved: correct the fields marked in red, then publish again.');
});

/**
 * Decap draws a field's errors above it in capitals ("TO MUST BE AFTER FROM"), tied to nothing a
 * screen reader reads with the field. Here each message reads as written, in sentence case, and the
 * field it stands beside is marked invalid and described by it (aria-invalid, aria-describedby), so
 * moving to the field reads its refusal; unmarked again once the message goes. The class is the
 * stable target of Decap's `ControlErrorsList` in decap-cms 3.16 (pinned in package.json); the e2e
 * spec fails if a new version renames it. Its red (#ff003b) is under AA contrast on white at this size.
 */
const fieldErrorsClass = 'ec1nk3l1';
const errorStyle = document.createElement('style');
errorStyle.textContent = `.${fieldErrorsClass} { text-transform: none; font-size: 14px; color: #b3001b; }`;
document.head.append(errorStyle);

function describeFieldsByTheirErrors() {
  const described = new Set<Element>();
  for (const errors of document.querySelectorAll(`ul.${fieldErrorsClass}`)) {
    const fieldId = errors.parentElement?.querySelector('label[for]')?.getAttribute('for');
    const field = fieldId ? document.getElementById(fieldId) : null;
    if (!fieldId || !field || !errors.textContent?.trim()) continue;
    errors.id = `${fieldId}-errors`;
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', errors.id);
    described.add(field);
  }
  for (const field of document.querySelectorAll('[aria-describedby$="-errors"]')) {
    if (described.has(field)) continue;
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
}

let pending = false;
new MutationObserver(() => {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    describeFieldsByTheirErrors();
  });
}).observe(document.body, { childList: true, subtree: true, characterData: true });
