import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FormState } from '../../lib/public-forms.ts';

/**
 * A form island as plain markup holding what was typed and the server's messages: the answer to a
 * no-JavaScript post that failed. The function passes it to the form pipeline, which renders nothing.
 */
export const renderForm =
  (Form: ComponentType<{ initial?: FormState }>) =>
  (state: FormState): string =>
    renderToStaticMarkup(createElement(Form, { initial: state }));
