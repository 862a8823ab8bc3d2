import { useState } from 'react';
import { z } from 'zod';
import { adminItemRoute } from '../../lib/api-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';
import { cmsEntryPath } from '../../lib/paths.ts';
import { describeViewingTime } from '../../lib/viewing-times.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { saleKinds } from '../buyer-enquiry/buyer-enquiry-contract.ts';
import { listStageMoves, type SalesStage, salesStageLabels } from '../buyer-enquiry/sales-stage-contract.ts';
import type { DetailExtension, DetailPartProps } from './detail-extensions.ts';

/**
 * An opened buyer's enquiry's own part of the office's detail: its sales stage and the moves it allows
 * now, a viewing's date and time (typed in India time) with the move to Viewing arranged. The database
 * decides every move (sales-stage-contract.ts); a refusal is shown in its words.
 */
function SalesStageActions({ id, item, inTrash, onSessionGone }: DetailPartProps) {
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
  }

  // A sale is the content's to show: the office sets the home's sale status in the editor.
  const kind = saleKinds.find((name) => name === item.propertyKind);
  const soldHome = stage === 'sold' && kind && typeof item.property === 'string' ? item.property : undefined;
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
      {kind && soldHome && (
        <p>
          Sold: <a href={cmsEntryPath(kind, soldHome)}>set this home’s sale status to Sold</a> in the content
          editor, and the site shows it as sold once it is next built.
        </p>
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

export const buyerEnquiryDetail: DetailExtension = { Actions: SalesStageActions };
