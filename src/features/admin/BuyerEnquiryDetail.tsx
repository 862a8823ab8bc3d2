import { useState } from 'react';
import { z } from 'zod';
import { adminItemRoute, adminSaleStatusRoute } from '../../lib/api-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';
import { cmsEntryPath, paths } from '../../lib/paths.ts';
import { describeSaleStatus } from '../../lib/sale-law.ts';
import { describeViewingTime } from '../../lib/viewing-times.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { type SaleKind, saleKinds } from '../buyer-enquiry/buyer-enquiry-contract.ts';
import {
  type SaleStatusMark,
  saleStatusForStage,
  saleStatusMarkAnswerSchema,
} from '../buyer-enquiry/sale-status-contract.ts';
import { listStageMoves, type SalesStage, salesStageLabels } from '../buyer-enquiry/sales-stage-contract.ts';
import type { DetailExtension, DetailPartProps } from './detail-extensions.ts';

/**
 * An opened buyer's enquiry's own part of the office's detail: its sales stage and the moves it allows
 * now, a viewing's date and time (typed in India time) with the move to Viewing arranged. The database
 * decides every move (sales-stage-contract.ts); a refusal is shown in its words.
 */
function SalesStageActions({ id, item, inTrash, onSessionGone, reload, lookups }: DetailPartProps) {
  const [stage, setStage] = useState(String(item.stage) as SalesStage);
  const [viewingAt, setViewingAt] = useState('');
  const [said, setSaid] = useState('');
  const [pending, setPending] = useState(false);
  const moves = inTrash || item.deletedAt ? [] : listStageMoves(stage);

  async function move(to: SalesStage) {
    setPending(true);
    setSaid('');
    const body =
      to === 'viewing-arranged' && viewingAt
        ? { stage: to, viewingAt: `${viewingAt}:00+05:30` }
        : { stage: to };
    const answer = await requestJson(adminItemRoute('buyer-enquiries', id), z.unknown(), {
      method: 'PATCH',
      body,
    });
    setPending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) return setSaid(Object.values(answer.fields)[0] ?? answer.message);
    setStage(to);
    setSaid(`Moved to ${salesStageLabels[to]}.`);
    reload();
  }

  // An offer or a sale is the content's to show: the office writes the home's sale status from here.
  const kind = saleKinds.find((name) => name === item.propertyKind);
  const slug = typeof item.property === 'string' ? item.property : undefined;
  const saleStatus = inTrash || item.deletedAt ? undefined : saleStatusForStage[stage];
  const viewing =
    typeof item.viewingAt === 'string' && stage === 'viewing-arranged'
      ? describeViewingTime(new Date(item.viewingAt), officeTimeZone)
      : undefined;
  return (
    <div className="admin-detail__stage">
      <p>
        Sales stage: <strong>{salesStageLabels[stage] ?? stage}</strong>
        {viewing && <> · viewing {viewing}</>}
      </p>
      {moves.includes('viewing-arranged') && (
        <label className="field">
          <span className="field__label">Viewing date and time (India time)</span>
          <input
            className="field__control"
            type="datetime-local"
            value={viewingAt}
            onChange={(event) => setViewingAt(event.currentTarget.value)}
          />
        </label>
      )}
      {kind && slug && saleStatus && (
        <SaleStatusOnSite
          key={saleStatus}
          id={id}
          home={{ kind, slug, name: lookups.properties[slug] ?? slug }}
          saleStatus={saleStatus}
          onSessionGone={onSessionGone}
          onMarked={reload}
        />
      )}
      {moves.length === 0 ? (
        <p>This enquiry has reached the end of the pipeline.</p>
      ) : (
        <div className="admin-detail__actions">
          {moves.map((to) => (
            <button
              key={to}
              type="button"
              className="button button--ghost"
              disabled={pending}
              onClick={() => move(to)}
            >
              Move to {salesStageLabels[to]}
            </button>
          ))}
        </div>
      )}
      <p role="status">{said}</p>
    </div>
  );
}

type SaleStatusOnSiteProps = {
  id: string;
  home: { kind: SaleKind; slug: string; name: string };
  saleStatus: 'under-offer' | 'sold';
  onSessionGone: () => void;
  onMarked: () => void;
};

/** What the office is told once the home's status is written: where it went and when the site shows it. */
function describeMark(mark: SaleStatusMark): string {
  const status = describeSaleStatus(mark.saleStatus).toLowerCase();
  if (!mark.changed) return `${mark.home.name} was already ${status} in the content; nothing was written.`;
  return mark.publishes === 'commit'
    ? `${mark.home.name} is now ${status} in the content (commit ${mark.revision?.slice(0, 7) ?? ''}); the site shows it once Netlify has built that commit.`
    : `${mark.home.name} is now ${status} in the content (${mark.path}); the site shows it after the next build.`;
}

/**
 * The offer's or the sale's button that writes the home's sale status into the content
 * (`PUT …/sale-status`), and what became of it. Locally the site shows it once rebuilt, which the
 * content editor's "Rebuild the site now" does; on Netlify the write is a commit that starts a build.
 */
function SaleStatusOnSite({ id, home, saleStatus, onSessionGone, onMarked }: SaleStatusOnSiteProps) {
  const [mark, setMark] = useState<SaleStatusMark>();
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState(false);
  const status = describeSaleStatus(saleStatus).toLowerCase();

  async function write() {
    setPending(true);
    setProblem('');
    const answer = await requestJson(adminSaleStatusRoute(id), saleStatusMarkAnswerSchema, {
      method: 'PUT',
      body: { saleStatus },
    });
    setPending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (!answer.ok) return setProblem(Object.values(answer.fields)[0] ?? answer.message);
    setMark(answer.data);
    onMarked();
  }

  return (
    <div className="admin-detail__sale-status">
      <button type="button" className="button" disabled={pending} onClick={write}>
        Mark {home.name} as {status} on the site
      </button>
      <p className="admin-detail__done" role="status">
        {mark && describeMark(mark)}
        {mark?.publishes === 'working-copy' && (
          <>
            {' '}
            The <a href={paths.contentEditor}>content editor</a> has “Rebuild the site now”.
          </>
        )}
      </p>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {!mark && (
        <p>
          Or set it by hand in{' '}
          <a href={cmsEntryPath(home.kind, home.slug)}>the home’s entry in the content editor</a>.
        </p>
      )}
    </div>
  );
}

export const buyerEnquiryDetail: DetailExtension = { Actions: SalesStageActions };
