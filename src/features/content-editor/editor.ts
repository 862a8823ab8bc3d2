import { drawPropertyPage, type PropertyDraft } from './property-preview.ts';
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

/** Decap's list control instance, as far as it is called here. */
type ListControlInstance = { validate(): void; validateSize(): FieldError[] };

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

/** The build's season rules over the list as it stands, as errors listed above the field. */
function findSeasonErrors(props: ControlProps): FieldError[] {
  const seasons = (props.value?.toJS() ?? []) as unknown[];
  return listSeasonProblems(seasons).map((problem) => ({
    type: 'CUSTOM',
    parentIds: props.parentIds,
    message: describeSeasonProblem(problem, seasons),
  }));
}

/**
 * Decap's list, plus the season rules. Decap validates a list of objects by calling the control's
 * own `validate` (its items, then its size) before a save, so this one adds the seasons' errors to
 * what the list reports; `isValid` answers the same when Decap asks the simpler way.
 */
const SeasonsControl = createClass({
  displayName: 'SeasonsControl',
  list: undefined as ListControlInstance | undefined,
  // As Decap's list does: its items draw their errors and folding from props besides the value.
  shouldComponentUpdate: () => true,
  validate(this: { props: ControlProps; list?: ListControlInstance }) {
    this.list?.validate();
    this.props.onValidateObject(this.props.forID, [
      ...(this.list?.validateSize() ?? []),
      ...findSeasonErrors(this.props),
    ]);
  },
  isValid(this: { props: ControlProps }) {
    const [first] = findSeasonErrors(this.props);
    return first ? { error: first } : { error: false };
  },
  render(this: { props: ControlProps; list?: ListControlInstance }) {
    return h(list.control, {
      ...this.props,
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

CMS.registerPreviewStyle('/cms/preview.css');
CMS.registerPreviewTemplate('villas', previewProperty('villas'));
CMS.registerPreviewTemplate('apartments', previewProperty('apartments'));
